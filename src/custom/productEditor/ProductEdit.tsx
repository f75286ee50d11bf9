/**
 * The product edit screen: loads the product and its parts, then the tabbed editor. A product of another
 * company than the selected one is not kept on screen (spec §6); one that does not exist says so; any other
 * load failure shows the loading dialog for 5 s and loads it again (spec §8, §9).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, useNotify, useRedirect } from 'react-admin';
import { getSelectedEmpresaId, onSelectedEmpresaChange } from '../../layout/empresa';
import { LoadFailureDialog } from './dialogs';
import { MESSAGES } from './messages';
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

  useEffect(() => {
    if (query.data && (!session || session.bundle.product.id !== query.data.product.id)) {
      setSession({ bundle: query.data, version: 0 });
    }
  }, [query.data, session]);

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

  const reload = useCallback(async () => {
    const result = await query.refetch();
    if (result.data) setSession((current) => ({ bundle: result.data, version: (current?.version ?? 0) + 1 }));
    void queryClient.invalidateQueries({ queryKey: ['productos'], refetchType: 'none' });
  }, [query, queryClient]);

  const retry = useCallback(() => void query.refetch(), [query]);

  if (query.isError && !session) {
    if (statusOf(query.error) === 404) {
      return (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={<Button onClick={() => redirect('list', 'productos')}>Volver al listado</Button>}
        >
          {MESSAGES.notFound}
        </Alert>
      );
    }
    return <LoadFailureDialog attempt={query.errorUpdatedAt} onReload={retry} />;
  }
  if (!session || otherCompany(session.bundle, getSelectedEmpresaId())) return <Loading />;
  return (
    <ProductEditor
      key={`${String(session.bundle.product.id)}-${session.version}`}
      bundle={session.bundle}
      onReload={reload}
    />
  );
};

export default ProductEdit;
