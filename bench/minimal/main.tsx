// The baseline the budgets compare with: a minimal react-admin app, one resource, fakerest, Spanish messages.
import { createRoot } from 'react-dom/client';
import { Admin, Resource, ListGuesser, EditGuesser } from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const data = {
  posts: Array.from({ length: 300 }, (_, i) => ({ id: i + 1, title: `Entrada ${i + 1}`, views: i * 7 })),
};
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages }), 'es');

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={fakeRestProvider(data, false)} i18nProvider={i18nProvider} disableTelemetry>
    <Resource name="posts" list={ListGuesser} edit={EditGuesser} />
  </Admin>,
);
