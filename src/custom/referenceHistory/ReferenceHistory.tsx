/**
 * «Historial» of a category, family, brand or attribute, under its edit form: the timeline of the record's
 * versions (who, when, from where), filters by field and by user, and the chosen version's changes side by side
 * (before | after). Shown to users whose permisos let them read the history (`read historial`).
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import type { ReferenceVersion } from '../../core/history/referenceVersions';
import {
  useVersionFilters,
  versionTitle,
  VERSIONS_MESSAGES,
  VersionsFrame,
  VersionsLayout,
} from '../history/VersionsView';
import type { ReferenceHistoryMethods } from './api';

export const REFERENCE_HISTORY_MESSAGES = {
  title: 'Historial',
  empty: 'Este registro aún no tiene versiones.',
  noMatch: VERSIONS_MESSAGES.noMatch,
  loadError: 'No se pudo cargar el historial.',
  loading: VERSIONS_MESSAGES.loading,
} as const;

const Versions = ({ resource, id }: { resource: string; id: number | string }) => {
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & ReferenceHistoryMethods>();
  const [versions, setVersions] = useState<ReferenceVersion[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    setError(undefined);
    // a provider without the method (an app without the history) rejects instead of breaking the form
    Promise.resolve()
      .then(() => dataProvider.referenceVersions(resource, id))
      .then(
        (list) => live && setVersions(list),
        (err: unknown) =>
          live &&
          setError(err instanceof Error && err.message ? err.message : REFERENCE_HISTORY_MESSAGES.loadError),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, resource, id]);

  const { shown, selected, changes, setSelectedId, filters } = useVersionFilters(versions);

  return (
    <VersionsFrame
      error={error}
      versions={versions}
      shown={shown}
      filters={filters}
      empty={REFERENCE_HISTORY_MESSAGES.empty}
    >
      <VersionsLayout
        versions={shown}
        selected={selected}
        onSelect={setSelectedId}
        changes={changes}
        title={(version) => <Typography variant="subtitle1">{versionTitle(version)}</Typography>}
      />
    </VersionsFrame>
  );
};

/** The «Historial» section of the edit screen of `resource`'s record (nothing without the permiso). */
export const ReferenceHistory = ({ resource }: { resource: string }) => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ action: 'read', resource: 'historial' });
  if (!record?.id || !canAccess) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label={REFERENCE_HISTORY_MESSAGES.title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {REFERENCE_HISTORY_MESSAGES.title}
        </Typography>
        <Versions resource={resource} id={record.id} />
      </CardContent>
    </Card>
  );
};
