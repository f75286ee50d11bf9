/** Renders the real <App> over ra-data-fakerest at a hash route (no authProvider unless given). */
import { render } from '@testing-library/react';
import fakeRestDataProvider from 'ra-data-fakerest';
import type { AuthProvider, DataProvider } from 'react-admin';
import { App } from '../../src/App';
// The generic screens are lazy: load them with the test file, so a test's waits measure the screen, not the transform.
import '../../src/resources/generic/index';

export type Fixture = Record<string, Record<string, unknown>[]>;

const pad = (n: number) => String(n).padStart(2, '0');

/** 12 brands stored out of order, so the list's nombre ASC sort is visible. */
export const marcas = Array.from({ length: 12 }, (_, index) => {
  const n = ((index * 5) % 12) + 1;
  return { id: n, empresaId: 1, nombre: `Marca ${pad(n)}`, codigo: `M${pad(n)}` };
});

export const fixture = (): Fixture => ({
  empresas: [
    { id: 1, nombre: 'Empresa Demo', codigo: 'DEMO' },
    { id: 2, nombre: 'Otra Empresa', codigo: 'OTRA' },
  ],
  Marca: marcas.map((marca) => ({ ...marca })),
  productos: [
    { id: 10, empresaId: 1, nombre: 'SKU-10', categorias: 'Sillas', familias: '', finalizado: 'S' },
    { id: 11, empresaId: 1, nombre: 'SKU-11', categorias: 'Mesas', familias: '', finalizado: 'N' },
  ],
  Iconos: [
    { id: 3, empresaId: 1, nombre: 'Reciclable' },
    { id: 4, empresaId: 1, nombre: 'Garantía' },
  ],
  ProductoIconos: [
    { id: '10-3', idProducto: 10, idIcono: 3, texto: '100 %' },
    { id: '10-4', idProducto: 10, idIcono: 4, texto: '2 años' },
    { id: '11-3', idProducto: 11, idIcono: 3, texto: '80 %' },
  ],
  'producto-generals': [],
  Tablas: [],
  logsnavs: [],
  Plantilla: [],
});

/** Fakerest logs every call unless told not to (stack-notes: gate on MODE). */
export const fakeProvider = (data: Fixture = fixture()): DataProvider =>
  fakeRestDataProvider(data, import.meta.env.MODE !== 'test');

export const renderApp = (
  path: string,
  options: { dataProvider?: DataProvider; authProvider?: AuthProvider } = {},
) => {
  window.location.hash = `#${path}`;
  return render(
    <App dataProvider={options.dataProvider ?? fakeProvider()} authProvider={options.authProvider} />,
  );
};
