/**
 * The generic screens, loaded on first use: react-admin's list and form machinery (filters, inputs, exporters)
 * stays out of the login screen's JS (the architecture notes (performance budgets) budget). Same props as the screens themselves.
 */
import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { onDemandComponent } from '../onDemandComponent';
import type { GenericCreate, GenericEdit, GenericList, GenericShow } from './index';

const engine = () => import('./index');

const List = onDemandComponent<ComponentProps<typeof GenericList>>(() =>
  engine().then((module) => module.GenericList),
);
const Create = onDemandComponent<ComponentProps<typeof GenericCreate>>(() =>
  engine().then((module) => module.GenericCreate),
);
const Edit = onDemandComponent<ComponentProps<typeof GenericEdit>>(() =>
  engine().then((module) => module.GenericEdit),
);
const Show = onDemandComponent<ComponentProps<typeof GenericShow>>(() =>
  engine().then((module) => module.GenericShow),
);

/** Loads the generic screens' code now (they load on first use otherwise); they then render without waiting. */
export const loadGenericScreens = (): Promise<unknown> =>
  Promise.all([List.load(), Create.load(), Edit.load(), Show.load()]);

const ListScreen = List.Component;
const CreateScreen = Create.Component;
const EditScreen = Edit.Component;
const ShowScreen = Show.Component;

const Loaded = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>{children}</Suspense>
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
