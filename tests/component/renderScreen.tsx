/**
 * Renders the one screen a path names (a resource's list/create/edit/show, or a bespoke page) inside react-admin's
 * contexts, without the layout (menu, app bar, session guard): the same providers, i18n, store, theme, resource
 * definitions and access checks as <App>, at a hash route, so links and redirects change `window.location.hash`.
 * Tests about the app shell (menu, login, company selector, inactivity) use `renderApp` instead.
 */
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  Resource,
  ResourceDefinitionContextProvider,
  TitlePortal,
  type AuthProvider,
  type DataProvider,
  type ResourceDefinitions,
  type Store,
} from 'react-admin';
import { CustomPageScreen } from '../../src/App';
import { PimNotification } from '../../src/layout/Notification';
import { customPages } from '../../src/custom/pages';
import { createI18nProvider } from '../../src/i18n';
import { createPimStore } from '../../src/layout/store';
import { pimTheme } from '../../src/layout/theme';
import { withSchemaMessages } from '../../src/resources/generic/extraMessages';
import { representationField } from '../../src/resources/generic/fieldSets';
import { iconFor } from '../../src/resources/generic/icons';
import { allSchemas, registerSchemas, registry } from '../../src/resources/registry';
import type { ResourceSchema } from '../../src/resources/types';
import { resourceViews } from '../../src/resources/views';
import { bespokeViews } from '../../src/custom/views';
import { fakeProvider } from './renderApp';
// The generic screens are lazy: load them with the test file, so a test's waits measure the screen, not the transform.
import '../../src/resources/generic/index';

export interface ScreenOptions {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  store?: Store;
  /** react-admin's query cache, as <App queryClient> takes it (main.tsx asks for the opening list into it). */
  queryClient?: QueryClient;
  /** Resources declared outside the registry, registered like <App schemas>. */
  schemas?: readonly ResourceSchema[];
}

const resourceProps = (schema: ResourceSchema) => ({
  name: schema.name,
  icon: iconFor(schema.menu.icon),
  recordRepresentation: representationField(schema),
  ...resourceViews(schema, bespokeViews),
});

/** Every resource's definition (links, labels, record representations), as <Admin> registers them. */
const definitionsOf = (schemas: readonly ResourceSchema[]): ResourceDefinitions =>
  Object.fromEntries(
    schemas.map((schema) => [schema.name, Resource.registerResource(resourceProps(schema))]),
  );

/** The path must name a resource or a page: `/Marca/1` → the Marca resource, `/importar-csv?x` → that page. */
const assertScreen = (path: string, schemas: readonly ResourceSchema[]) => {
  const name = decodeURIComponent(path.replace(/^\//, '').split(/[/?]/)[0]);
  if (schemas.some((schema) => schema.name === name) || customPages.some((page) => page.path === name))
    return;
  throw new Error(`renderScreen: no resource or page is named '${name}' (path ${path})`);
};

/**
 * The screen at `path` alone: its title, its content and the notifications it raises. Every resource and page
 * has its route (only the matched one renders), so a link or redirect to another screen opens it.
 */
export const screenElement = (path: string, options: ScreenOptions = {}): ReactElement => {
  // The declarations last for the test that renders them (nothing a test registers reaches the next one).
  if (options.schemas?.length) onTestFinished(registerSchemas(...options.schemas));
  const schemas = allSchemas();
  assertScreen(path, schemas);
  const i18nProvider = withSchemaMessages(
    createI18nProvider(),
    schemas.filter((schema) => !registry.includes(schema)),
  );
  return (
    <AdminContext
      dataProvider={options.dataProvider ?? fakeProvider()}
      authProvider={options.authProvider}
      i18nProvider={i18nProvider}
      store={options.store ?? createPimStore()}
      queryClient={options.queryClient}
      theme={pimTheme}
      darkTheme={null}
    >
      <ResourceDefinitionContextProvider definitions={definitionsOf(schemas)}>
        <TitlePortal />
        <Routes>
          {schemas.map((schema) => (
            <Route
              key={schema.name}
              path={`/${schema.name}/*`}
              element={<Resource {...resourceProps(schema)} />}
            />
          ))}
          {customPages.map((page) => (
            <Route key={page.path} path={`/${page.path}/*`} element={<CustomPageScreen page={page} />} />
          ))}
          <Route path="/access-denied" element={<AccessDenied />} />
          <Route path="/authentication-error" element={<AuthenticationError />} />
          <Route path="*" element={null} />
        </Routes>
        <PimNotification />
      </ResourceDefinitionContextProvider>
    </AdminContext>
  );
};

export const renderScreen = (path: string, options: ScreenOptions = {}) => {
  window.location.hash = `#${path}`;
  return render(screenElement(path, options));
};
