/**
 * A check a bespoke screen can run before the generic form saves (src/resources/<folder>/views.tsx), e.g. the
 * range-overlap rule of products per range or the confirmation before removing a category from an attribute.
 * It sees the values as they will be saved (normalised) and the record being edited; it can refuse with field
 * errors (the form keeps what was typed), cancel silently, or let the save go on. `element` is rendered inside
 * the form (a confirmation dialog).
 */
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceSchema } from '../types';

export type SaveCheckResult = { errors: Record<string, string> } | { cancel: true } | undefined;

export type SaveCheck = (
  values: Record<string, unknown>,
  previous: RaRecord | undefined,
) => Promise<SaveCheckResult> | SaveCheckResult;

export interface SaveGuard {
  check: SaveCheck;
  element?: ReactNode;
}

/** A hook returning the guard (it may use react-admin hooks: data provider, translate…). */
export type UseSaveGuard = (schema: ResourceSchema) => SaveGuard;
