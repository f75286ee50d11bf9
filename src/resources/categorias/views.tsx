/** The categories list is their two-level tree (CategoryTreePage, loaded on demand). */
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import type { ResourceViews } from '../views';

const CategoryTreePage = lazy(() => import('./CategoryTreePage'));

export const views: Record<string, Partial<ResourceViews>> = {
  categorias: {
    list: (
      <Suspense fallback={<Loading />}>
        <CategoryTreePage />
      </Suspense>
    ),
  },
};
