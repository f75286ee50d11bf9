/**
 * The product edit screen: loads the product and its parts, then the tabbed editor. A product of another
 * company than the selected one is not kept on screen (docs/requirements.md#r6-roles); one that does not exist says so; any other
 * load failure shows the loading dialog for 5 s and loads it again (docs/requirements.md#r8-errors, #r9-constants), with 'Reintentar ahora' and
 * 'Volver al listado'. The form always starts from a fresh load (never a cached copy), and when the reload after
 * a successful save fails the same dialog replaces the editor: a form on the pre-save records would write
 * them again (duplicated attributes) on the next save.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, useNotify, useRedirect } from 'react-admin';
import { getSelectedEmpresaId, onSelectedEmpresaChange } from '../../dataProvider/company';
import { LoadFailureDialog } from './dialogs';
import { MESSAGES } from './messages';
import { markProductsStale } from './productCache';
import { ProductEditor } from './ProductEditor';
import type { ProductBundle } from './saveProduct';
import { useProductBundle } from './useProductBundle';

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

const otherCompany = (bundle: ProductBundle | undefined, empresaId: number): boolean =>
  !!bundle && bundle.product.empresaId !== undefined && Number(bundle.product.empresaId) !== empresaId;

export const ProductEdit = () => {
  const { id } = useParams<{ id: string }>();
  const query = useProductBundle(id);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const redirect = useRedirect();
  /** The bundle the editor was opened with; replaced only by a deliberate reload (background refetches never reset the form). */
  const [session, setSession] = useState<{ bundle: ProductBundle; version: number }>();
  /** The product whose reload after a save failed: its editor's records are out of date until one succeeds. */
  const [staleFor, setStaleFor] = useState<string>();
  /** Only a completed load opens the editor (a cached bundle being refreshed is not what is stored now). */
  const fresh = query.isSuccess && !query.isFetching ? query.data : undefined;
  /** The session of the product of the route (another product's is never shown for this one). */
  const current = session && String(session.bundle.product.id) === String(id) ? session : undefined;
  const reloadFailed = current !== undefined && staleFor === String(id);

  useEffect(() => {
    if (!fresh) return;
    if (!session || session.bundle.product.id !== fresh.product.id) {
      setSession({ bundle: fresh, version: 0 });
    } else if (staleFor !== undefined) {
      // loaded again after a failed reload (a retry or a background refetch): the editor starts from it
      setStaleFor(undefined);
      setSession((previous) => ({ bundle: fresh, version: (previous?.version ?? 0) + 1 }));
    }
  }, [fresh, session, staleFor]);

  const leave = useCallback(() => {
    notify(MESSAGES.notFound, { type: 'warning', messageArgs: { _: MESSAGES.notFound } });
    redirect('list', 'productos');
  }, [notify, redirect]);

  useEffect(() => {
    if (otherCompany(query.data, getSelectedEmpresaId())) leave();
  }, [leave, query.data]);

  useEffect(
    () =>
      onSelectedEmpresaChange((empresaId) => {
        if (otherCompany(session?.bundle, empresaId)) leave();
      }),
    [leave, session],
  );

  const { refetch } = query;
  const reload = useCallback(async () => {
    void markProductsStale(queryClient);
    const result = await refetch();
    // A failed refetch still carries the previous (pre-save) data: never reopen the form on it.
    if (result.isError || !result.data) {
      setStaleFor(String(id));
      throw result.error ?? new Error(MESSAGES.loadFailed);
    }
    const bundle = result.data;
    setStaleFor(undefined);
    setSession((previous) => ({ bundle, version: (previous?.version ?? 0) + 1 }));
  }, [id, queryClient, refetch]);

  const retry = useCallback(() => void refetch(), [refetch]);
  const retryReload = useCallback(() => void reload().catch(() => undefined), [reload]);
  const backToList = useCallback(() => redirect('list', 'productos'), [redirect]);

  if (reloadFailed || (query.isError && !current)) {
    if (query.isError && statusOf(query.error) === 404) {
      return (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={<Button onClick={backToList}>Volver al listado</Button>}
        >
          {MESSAGES.notFound}
        </Alert>
      );
    }
    return (
      <LoadFailureDialog
        attempt={query.errorUpdatedAt}
        onReload={reloadFailed ? retryReload : retry}
        onBack={backToList}
        busy={query.isFetching}
      />
    );
  }
  if (!current || otherCompany(current.bundle, getSelectedEmpresaId())) return <Loading />;
  return (
    <ProductEditor
      key={`${String(current.bundle.product.id)}-${current.version}`}
      bundle={current.bundle}
      onReload={reload}
    />
  );
};

export default ProductEdit;
