/**
 * The product screens' fakerest fixture: 12 listed products and the edited product SKU-10 with its parts, and
 * the data provider with the product API given the way main.tsx does (a `productApi` dispatch), recording calls.
 */
import { screen } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { dispatcherFor, type ProductApi } from '../../src/custom/productEditor/api';
import type { ManualSyncAnswer } from '../../src/core/productEditor/contract';
import { createFallbackProductApi } from '../../src/custom/productEditor/fallbackApi';
import { fakeProvider, fixture, type Fixture } from './renderApp';
import type { CategoryRow } from '../../src/core/categoryTree';
import {
  CATEGORY_FILTER,
  categoryAndDescendants,
  inCategories,
  matchesSearch,
  searchTerm,
} from '../../src/core/productSearch';

/**
 * The product list's search box (`q`) and category (`categoria`) over fakerest, by the rules the API states
 * (src/core/productSearch.ts): SKU, title, EAN and brand, case- and accent-insensitive; a category with its
 * subcategories.
 */
export const withProductSearch = (provider: DataProvider, data: Fixture): DataProvider => ({
  ...provider,
  getList: async (resource, params) => {
    const { q, [CATEGORY_FILTER]: categoria, ...rest } = (params.filter ?? {}) as Record<string, unknown>;
    if (resource !== 'productos' || (q === undefined && categoria === undefined))
      return provider.getList(resource, params);
    const term = searchTerm(q ?? '');
    if (!term.ok) throw new Error(term.message);
    const generals = (data['producto-generals'] ?? []) as Record<string, unknown>[];
    const names =
      categoria === undefined
        ? undefined
        : categoryAndDescendants((data.categorias ?? []) as unknown as CategoryRow[], String(categoria));
    const ids = ((data.productos ?? []) as Record<string, unknown>[])
      .filter((product) =>
        matchesSearch(
          product,
          generals.find((general) => general.productoId === product.id),
          term.term,
        ),
      )
      .filter((product) => !names || inCategories(product.categorias, names))
      .map((product) => product.id);
    return provider.getList(resource, { ...params, filter: { ...rest, id: ids } });
  },
});

/** 12 products of company 1 (stored out of order) and texts in every review state. */
export const productFixture = (): Fixture => {
  const base = fixture();
  const products = Array.from({ length: 12 }, (_, i) => {
    const n = ((i * 7) % 12) + 1;
    return {
      id: 100 + n,
      empresaId: 1,
      nombre: `PRD-${String(n).padStart(2, '0')}`,
      imagen: `multimedia/PRD-${n}/800x600_PRD-${n}.png`,
      categorias: n % 2 ? 'Taladros,Amoladoras' : 'Sillas',
      familias: 'Profesional; Bricolaje',
      finalizado: n % 3 ? 'N' : 'S',
      activoEnMarketplace: n === 1 ? null : 'S',
      fechaModificacion: '2026-03-05T09:07:03.000Z',
    };
  });
  const texts = [
    { id: 1, productoId: 101, revisado_sn: 'S' }, // PRD-01: not in marketplace → No incluido
    { id: 2, productoId: 103, revisado_sn: 'S' },
    { id: 3, productoId: 103, revisado_sn: 'S' }, // Revisado
    { id: 4, productoId: 104, revisado_sn: 'N' }, // No revisado
    { id: 5, productoId: 105, revisado_sn: 'S' },
    { id: 6, productoId: 105, revisado_sn: 'N' }, // Revisado parcial
    // PRD-02 (102): no texts → Pendiente
  ];
  return {
    ...base,
    productos: [
      ...products,
      {
        id: 10,
        empresaId: 1,
        nombre: 'SKU-10',
        imagen: 'multimedia/SKU-10/800x600_SKU-10.png',
        categorias: 'Taladros',
        familias: '',
        finalizado: 'N',
        sincronizarConBC: 'S',
        activoEnMarketplace: 'S',
        ordenAtributos: '0',
        fechaCreacion: '2026-01-02T10:00:00.000Z',
        fechaModificacion: '2026-03-05T09:07:03.000Z',
      },
    ],
    TextosGenerados: texts,
    'producto-generals': [
      { id: 70, productoId: 10, titulo: 'Taladro percutor 750 W', marca: 'Perforex', mercados: '724' },
    ],
    'producto-datos-catalogo': [{ id: 80, productoId: 10, codigoFabricante: 'PERF-1', precioFabrica: 40 }],
    'producto-atributos': [
      { id: 1, productoId: 10, atributoId: 1, nombre: 'Largo', valor: '30', unidad: 'cm', ordenEnGrupo: 1 },
      { id: 2, productoId: 10, atributoId: 2, nombre: 'Ancho', valor: '', unidad: 'cm', ordenEnGrupo: 2 },
      {
        id: 3,
        productoId: 10,
        atributoId: 3,
        nombre: 'Potencia',
        valor: '750',
        unidad: 'W',
        ordenEnGrupo: 1,
      },
    ],
    atributos: [
      {
        id: 1,
        empresaId: 1,
        nombre: 'Largo',
        unidad: 'cm',
        categorias: 'Taladros,Bombillas',
        grupoAtributosId: 1,
        codigo: 1,
      },
      {
        id: 2,
        empresaId: 1,
        nombre: 'Ancho',
        unidad: 'cm',
        categorias: 'Taladros,Bombillas',
        grupoAtributosId: 1,
        codigo: 2,
      },
      {
        id: 3,
        empresaId: 1,
        nombre: 'Potencia',
        unidad: 'W',
        tipo: 'numero',
        categorias: 'Taladros',
        grupoAtributosId: 2,
        codigo: 3,
      },
      {
        id: 4,
        empresaId: 1,
        nombre: 'Flujo luminoso',
        unidad: 'lm',
        categorias: 'Bombillas',
        grupoAtributosId: 2,
        codigo: 4,
      },
    ],
    'grupos-atributos': [
      { id: 1, empresaId: 1, nombre: 'Dimensiones' },
      { id: 2, empresaId: 1, nombre: 'Eléctrico' },
    ],
    'producto-multimedias': [
      {
        id: 90,
        productoId: 10,
        nombre: 'imagen_principal',
        tipo: 'Imagen',
        principalSN: 'S',
        publicoSN: 'S',
        fichero: 'multimedia/SKU-10/800x600_SKU-10.png',
      },
    ],
    categorias: [
      { id: 1, empresaId: 1, codigo: 'master', padre: null, nombre: 'Catálogo' },
      { id: 2, empresaId: 1, codigo: 'HEL', padre: 'master', nombre: 'Herramientas eléctricas' },
      { id: 3, empresaId: 1, codigo: 'HEL-TAL', padre: 'HEL', nombre: 'Taladros' },
      { id: 4, empresaId: 1, codigo: 'ILU-BOM', padre: 'HEL', nombre: 'Bombillas' },
    ],
    familias: [{ id: 1, empresaId: 1, nombre: 'Profesional', codigo: 'PRO' }],
    multimedias: [{ id: 5, empresaId: 1, clave: 'imagen_principal', tipo: 'Imagen', categoria: 'Producto' }],
  };
};

export interface Recorded {
  provider: DataProvider;
  reviewTexts: ReturnType<typeof vi.fn>;
  syncManual: ReturnType<typeof vi.fn>;
  getNextId: ReturnType<typeof vi.fn>;
  base: DataProvider;
}

export const withProductApi = (
  overrides: Partial<ProductApi> = {},
  data: Fixture = productFixture(),
): Recorded => {
  const base = withProductSearch(fakeProvider(data), data);
  const fallback = createFallbackProductApi(base);
  const reviewTexts = vi.fn(fallback.reviewTexts);
  const syncManual = vi.fn(
    overrides.syncManual ?? (async (): Promise<ManualSyncAnswer> => ({ respuesta: 'OK', mensaje: 'ok' })),
  );
  const getNextId = vi.fn(overrides.getNextId ?? fallback.getNextId);
  const api: ProductApi = { ...fallback, ...overrides, reviewTexts, syncManual, getNextId };
  return { provider: { ...base, productApi: dispatcherFor(api) }, reviewTexts, syncManual, getNextId, base };
};

/**
 * The product editor's tab of that name, by its tab role in the markup: `getByRole('tab', { name })` computes the
 * role of every element of the editor (thousands), 0.6–0.8 s a call on a loaded machine.
 */
export const editorTab = (name: string): HTMLElement => screen.getByText(name, { selector: '[role="tab"]' });

/** The editor's «Categorías» picker (by its label, not by role over the whole editor), checked to be a combobox. */
export const categoriasPicker = (): HTMLElement => {
  const input = screen.getByLabelText('Categorías');
  if (input.getAttribute('role') !== 'combobox') throw new Error('«Categorías» is not a combobox');
  return input;
};
