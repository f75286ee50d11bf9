/**
 * «Historial» of the product (GET /productos/{id}/versiones): the timeline of its versions (who, when, from
 * where), filters by field and by user, the chosen version's changes side by side (before | after), and
 * «Restaurar esta versión» for the whole product or one field, each after a confirmation. A restore is a new
 * version (nothing is rewritten); afterwards the editor reloads the stored product.
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useNotify, type Identifier } from 'react-admin';
import type { RestoreBody, Version } from '../../../core/history/versions';
import {
  nameOf,
  useVersionFilters,
  versionTitle,
  VERSIONS_MESSAGES,
  VersionsFrame,
  VersionsLayout,
} from '../../history/VersionsView';
import { useProductApi } from '../useProductApi';

export const HISTORY_MESSAGES = {
  empty: 'Este producto aún no tiene versiones.',
  noMatch: VERSIONS_MESSAGES.noMatch,
  field: VERSIONS_MESSAGES.field,
  user: VERSIONS_MESSAGES.user,
  restoreVersion: 'Restaurar esta versión',
  restoreField: 'Restaurar este campo',
  restorePrevious: 'Volver al valor anterior',
  confirmVersion: '¿Restaurar el producto tal como quedó en esta versión?',
  confirmField: '¿Restaurar «%{campo}» tal como quedó en esta versión?',
  confirmPrevious: '¿Devolver «%{campo}» al valor que tenía antes de esta versión?',
  confirmContent: 'Se guardará como una versión nueva; el historial no se modifica.',
  restored: 'Versión restaurada',
  nothing: 'El producto ya estaba así: no había nada que restaurar.',
  loadError: 'No se pudo cargar el historial.',
} as const;

interface Pending {
  body: RestoreBody;
  title: string;
}

export const HistoryTab = ({ productId, onRestored }: { productId: Identifier; onRestored?: () => void }) => {
  const api = useProductApi();
  const notify = useNotify();
  const [versions, setVersions] = useState<Version[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setError(undefined);
    api.versions(productId).then(
      (list) => setVersions(list),
      (err: unknown) =>
        setError(err instanceof Error && err.message ? err.message : HISTORY_MESSAGES.loadError),
    );
  }, [api, productId]);

  useEffect(load, [load]);

  const { shown, selected, changes, setSelectedId, filters } = useVersionFilters(versions);

  const confirm = async () => {
    if (!pending || !selected) return;
    setBusy(true);
    try {
      const answer = await api.restoreVersion(productId, selected.id, pending.body);
      notify(answer.version ? HISTORY_MESSAGES.restored : HISTORY_MESSAGES.nothing, { type: 'info' });
      setSelectedId(undefined);
      load();
      onRestored?.();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  return (
    <VersionsFrame
      error={error}
      versions={versions}
      shown={shown}
      filters={filters}
      empty={HISTORY_MESSAGES.empty}
      after={
        <Confirm
          isOpen={Boolean(pending)}
          loading={busy}
          title={pending?.title ?? ''}
          content={HISTORY_MESSAGES.confirmContent}
          confirm={HISTORY_MESSAGES.restoreVersion}
          onConfirm={() => void confirm()}
          onClose={() => setPending(undefined)}
        />
      }
    >
      <VersionsLayout
        versions={shown}
        selected={selected}
        onSelect={setSelectedId}
        changes={changes}
        title={(version) => <Typography variant="subtitle1">{versionTitle(version)}</Typography>}
        header={
          <Button
            variant="outlined"
            onClick={() => setPending({ body: {}, title: HISTORY_MESSAGES.confirmVersion })}
          >
            {HISTORY_MESSAGES.restoreVersion}
          </Button>
        }
        actions={(cambio) => (
          <>
            <Button
              size="small"
              aria-label={`${HISTORY_MESSAGES.restoreField}: ${nameOf(cambio)}`}
              onClick={() =>
                setPending({
                  body: { campo: cambio.campo },
                  title: HISTORY_MESSAGES.confirmField.replace('%{campo}', nameOf(cambio)),
                })
              }
            >
              {HISTORY_MESSAGES.restoreField}
            </Button>
            <Button
              size="small"
              aria-label={`${HISTORY_MESSAGES.restorePrevious}: ${nameOf(cambio)}`}
              onClick={() =>
                setPending({
                  body: { campo: cambio.campo, momento: 'antes' },
                  title: HISTORY_MESSAGES.confirmPrevious.replace('%{campo}', nameOf(cambio)),
                })
              }
            >
              {HISTORY_MESSAGES.restorePrevious}
            </Button>
          </>
        )}
      />
    </VersionsFrame>
  );
};
