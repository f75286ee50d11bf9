/**
 * The generic screens, loaded on first use: react-admin's list and form machinery (filters, inputs, exporters)
 * stays out of the login screen's JS (the architecture notes (performance budgets) budget). Same props as the screens themselves.
 */
import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import type { GenericCreate, GenericEdit, GenericList, GenericShow } from './index';

const engine = () => import('./index');

const Loaded = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>{children}</Suspense>
);

const ListScreen: ComponentType<ComponentProps<typeof GenericList>> = lazy(() =>
  engine().then((module) => ({ default: module.GenericList })),
);
const CreateScreen: ComponentType<ComponentProps<typeof GenericCreate>> = lazy(() =>
  engine().then((module) => ({ default: module.GenericCreate })),
);
const EditScreen: ComponentType<ComponentProps<typeof GenericEdit>> = lazy(() =>
  engine().then((module) => ({ default: module.GenericEdit })),
);
const ShowScreen: ComponentType<ComponentProps<typeof GenericShow>> = lazy(() =>
  engine().then((module) => ({ default: module.GenericShow })),
);

export const LazyGenericList = (props: ComponentProps<typeof GenericList>) => (
  <Loaded>
    <ListScreen {...props} />
  </Loaded>
);
export const LazyGenericCreate = (props: ComponentProps<typeof GenericCreate>) => (
  <Loaded>
    <CreateScreen {...props} />
  </Loaded>
);
export const LazyGenericEdit = (props: ComponentProps<typeof GenericEdit>) => (
  <Loaded>
    <EditScreen {...props} />
  </Loaded>
);
export const LazyGenericShow = (props: ComponentProps<typeof GenericShow>) => (
  <Loaded>
    <ShowScreen {...props} />
  </Loaded>
);
