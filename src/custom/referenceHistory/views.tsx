/**
 * The edit screens of the reference data products depend on (categories, families, brands, attributes) with
 * their «Historial» section under the form (collected by src/custom/views.ts; loaded on demand).
 */
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import type { ViewMap } from '../../resources/views';

const ReferenceEdit = lazy(() => import('./ReferenceEdit'));

const edit = (resource: string) => (
  <Suspense fallback={<Loading />}>
    <ReferenceEdit resource={resource} />
  </Suspense>
);

export const views: ViewMap = {
  categorias: { edit: edit('categorias') },
  familias: { edit: edit('familias') },
  Marca: { edit: edit('Marca') },
  atributos: { edit: edit('atributos') },
};
