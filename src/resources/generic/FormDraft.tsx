/**
 * The draft of a record's form (issue 16, «nothing lost to the clock»): placed inside an edit form, it keeps
 * the values that differ from the record in localStorage, per user, resource and record (src/core/formDrafts.ts),
 * as they are typed. The inactivity logout keeps those keys; when the same user opens the record again (react-admin
 * brings them back to it after signing in) the form offers «Restaurar borrador» or «Descartar». A successful save
 * (or a form back to the record's values) forgets the draft.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  useGetIdentity,
  useLocaleState,
  useRecordContext,
  useRegisterMutationMiddleware,
  useResourceContext,
  type Identifier,
} from 'react-admin';
import {
  changedValues,
  draftKey,
  readDraft,
  writeDraft,
  type FormDraft as StoredDraft,
} from '../../core/formDrafts';
import { formatDateTime } from '../../core/formats';

type Values = Record<string, unknown>;
type Next = (resource: string, params: Record<string, unknown>) => Promise<unknown>;

export interface FormDraftProps {
  /** Default: the resource of the context. */
  resource?: string;
  /** Default: the id of the record of the context. */
  id?: Identifier;
}

export const FormDraft = ({ resource: resourceProp, id: idProp }: FormDraftProps) => {
  const resource = useResourceContext({ resource: resourceProp });
  const record = useRecordContext();
  const id = idProp ?? record?.id;
  const { identity } = useGetIdentity();
  const [locale] = useLocaleState();
  const { watch, getValues, setValue, formState } = useFormContext();
  const key =
    identity?.id !== undefined && identity.id !== '' && resource && id !== undefined && id !== null
      ? draftKey(identity.id, resource, id)
      : undefined;
  const [offer, setOffer] = useState<StoredDraft | null>(null);
  /** A draft of this visit was written (so a form back to the record's values forgets it). */
  const wrote = useRef(false);
  /** Saved: later changes of the form (its reset, the redirect) write nothing. */
  const saved = useRef(false);
  const defaults = useRef<Values | undefined>(undefined);
  defaults.current = formState.defaultValues as Values | undefined;

  useEffect(() => {
    wrote.current = false;
    saved.current = false;
    setOffer(key ? readDraft(localStorage, key) : null);
  }, [key]);

  useEffect(() => {
    if (!key) return undefined;
    const subscription = watch((_values, { type }) => {
      if (saved.current) {
        // after a save only a new edit by the person starts a new draft (not the form's own reset)
        if (type !== 'change') return;
        saved.current = false;
      }
      const changed = changedValues(defaults.current, getValues());
      const empty = Object.keys(changed).length === 0;
      // untouched at first: an offered draft stays until the person answers
      if (empty && !wrote.current) return;
      writeDraft(localStorage, key, changed);
      wrote.current = !empty;
    });
    return () => subscription.unsubscribe();
  }, [key, watch, getValues]);

  const forget = useCallback(() => {
    if (key) localStorage.removeItem(key);
    wrote.current = false;
  }, [key]);

  // A save through react-admin's save context (the generated forms): the draft goes once it succeeded.
  const middleware = useCallback(
    async (resourceName: string, params: Record<string, unknown>, next: Next) => {
      const result = await next(resourceName, params);
      saved.current = true;
      forget();
      return result;
    },
    [forget],
  );
  useRegisterMutationMiddleware(middleware);

  if (!offer) return null;
  const restore = () => {
    for (const [name, value] of Object.entries(offer.values)) {
      setValue(name, value, { shouldDirty: true, shouldTouch: true });
    }
    setOffer(null);
  };
  const discard = () => {
    forget();
    setOffer(null);
  };
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label="Borrador sin guardar"
      sx={{ mb: 2, width: '100%' }}
      action={
        <>
          <Button color="inherit" size="small" onClick={restore}>
            Restaurar borrador
          </Button>
          <Button color="inherit" size="small" onClick={discard}>
            Descartar
          </Button>
        </>
      }
    >
      Hay cambios sin guardar de este registro del {formatDateTime(offer.savedAt, locale)}.
    </Alert>
  );
};
