/** <Admin> wiring only: providers, layout, theme, and one <Resource> per registry schema. */
import { Suspense, createElement, useMemo } from 'react';
import { Route } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import {
  AccessDenied,
  Admin,
  CanAccess,
  CustomRoutes,
  Loading,
  Resource,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
} from 'react-admin';
import { customPages, type CustomPage } from './custom/pages';
import { bespokeViews } from './custom/views';
import { createI18nProvider } from './i18n';
import { AppRouter } from './layout/AppRouter';
import { AdminLoginPage } from './login/AdminLoginPage';
import { AuthAnsweringQueryClient } from './layout/authQueryClient';
import { PimLayout, preloadSignedInLayout } from './layout/Layout';
import { PimNotification } from './layout/Notification';
import { createPimStore } from './layout/store';
import { pimTheme } from './layout/theme';
import { OpeningGateProvider, useHoldOpening, type OpeningGate } from './resources/generic/AfterFirstRender';
import { iconFor } from './resources/generic/icons';
import { withSchemaMessages } from './resources/generic/extraMessages';
import { representationField } from './resources/generic/fieldSets';
import { allSchemas, registerSchemas, registry } from './resources/registry';
import type { ResourceSchema } from './resources/types';
import { preloadRouteScreen } from './resources/routeScreen';
import { isStandardList, resourceViews } from './resources/views';

export interface AppProps {
  dataProvider: DataProvider;
  /** Without one (component tests), every screen is open and no login is asked. */
  authProvider?: AuthProvider;
  i18nProvider?: I18nProvider;
  store?: Store;
  /** react-admin's query cache, when the entry has already asked for something (main.tsx: the opening list). */
  queryClient?: QueryClient;
  /** Resources declared outside the registry (registered at run time: menu, screens, data provider, CSV). */
  schemas?: readonly ResourceSchema[];
  /** The app's opening (appStart.tsx): the menu and the app bar's selectors wait for the opened list's rows. */
  openingGate?: OpeningGate;
}

/** react-admin's «access denied» page; opened on a list the user may not read, it ends the opening's wait too. */
const OpeningAccessDenied = () => {
  useHoldOpening(false);
  return <AccessDenied />;
};

/** A bespoke page's screen; like resource routes, a page the user may not open shows "access denied". */
export const CustomPageScreen = ({ page }: { page: CustomPage }) => (
  <CanAccess
    {...(page.access ?? { action: 'list', resource: page.path })}
    loading={<Loading />}
    accessDenied={<OpeningAccessDenied />}
  >
    <Suspense fallback={<Loading />}>{createElement(page.component)}</Suspense>
  </CanAccess>
);

const viewsOf = (name: string) => {
  const schema = allSchemas().find((candidate) => candidate.name === name);
  return schema && resourceViews(schema, bespokeViews);
};

/**
 * Signed in, the code the opened route needs (the layout's lazy part and the route's screen) loads with the
 * app's start, so the first render shows the screen instead of suspending on it.
 */
export const preloadRoute = async (hash: string): Promise<void> => {
  await Promise.all([preloadSignedInLayout(), preloadRouteScreen(hash, viewsOf, allSchemas()[0]?.name)]);
};

/** Whether the resource's list pages, sorts and filters as the generic list (the generic, or one marked so). */
export const opensStandardList = (name: string): boolean => isStandardList(viewsOf(name)?.list);

export const App = ({
  dataProvider,
  authProvider,
  i18nProvider,
  store,
  queryClient: given,
  schemas,
  openingGate,
}: AppProps) => {
  const resources = useMemo(() => {
    if (schemas?.length) registerSchemas(...schemas);
    return allSchemas();
  }, [schemas]);
  const i18n = useMemo(
    () =>
      withSchemaMessages(
        i18nProvider ?? createI18nProvider(),
        resources.filter((schema) => !registry.includes(schema)),
      ),
    [i18nProvider, resources],
  );
  const pimStore = useMemo(() => store ?? createPimStore(), [store]);
  const queryClient = useMemo(
    () => given ?? (authProvider ? new AuthAnsweringQueryClient(authProvider) : undefined),
    [given, authProvider],
  );
  return (
    <OpeningGateProvider value={openingGate}>
      <AppRouter>
        <Admin
          disableTelemetry
          accessDenied={OpeningAccessDenied}
          title="PIM"
          dataProvider={dataProvider}
          queryClient={queryClient}
          authProvider={authProvider}
          requireAuth={authProvider !== undefined}
          i18nProvider={i18n}
          store={pimStore}
          layout={PimLayout}
          loginPage={AdminLoginPage}
          notification={PimNotification}
          theme={pimTheme}
          darkTheme={null}
        >
          {resources.map((schema) => (
            <Resource
              key={schema.name}
              name={schema.name}
              icon={iconFor(schema.menu.icon)}
              recordRepresentation={representationField(schema)}
              {...resourceViews(schema, bespokeViews)}
            />
          ))}
          <CustomRoutes>
            {customPages.map((page) => (
              <Route key={page.path} path={`/${page.path}/*`} element={<CustomPageScreen page={page} />} />
            ))}
          </CustomRoutes>
        </Admin>
      </AppRouter>
    </OpeningGateProvider>
  );
};

export default App;
