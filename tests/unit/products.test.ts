/** The product screens' pure rules (docs/requirements.md#r4-states, #r5-validation, #r8-errors, #r9-constants) with the spec's literal strings. */
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { mediaMatchName, mediaTypeForFile } from '../../src/core/media';
import { productUpdateErrorMessage } from '../../src/dataProvider/errors';
import { groupAttributeRows, NO_GROUP } from '../../src/custom/productEditor/attributeGroups';
import {
  attributesForCategories,
  joinCategories,
  normalizeName,
  splitCategories,
  syncAttributes,
  type CatalogueAttribute,
  type ProductAttributeRow,
} from '../../src/custom/productEditor/attributeSync';
import {
  MAX_UPLOAD_BYTES,
  isVolumeRefusal,
  mainImagePath,
  safeFileName,
  uploadKindFor,
  uploadPath,
  uploadProblem,
} from '../../src/core/productEditor/contract';
import { formatProductDate } from '../../src/core/productDate';
import { findMatchingMedia, uploadEffect, type MediaRecord } from '../../src/core/productEditor/mediaRecords';
import {
  cleanIcons,
  duplicateIcons,
  planAttributeSave,
  planIcons,
  removedWithValues,
} from '../../src/custom/productEditor/savePlan';
import { reviewStatusesOf } from '../../src/custom/productList/reviewStatuses';
import { reviewStatus } from '../../src/core/reviewStatus';

const catalogue: CatalogueAttribute[] = [
  {
    id: 1,
    nombre: 'Largo',
    unidad: 'cm',
    categorias: 'Taladros,Amoladoras',
    grupoAtributosId: 10,
    codigo: 1001,
  },
  {
    id: 2,
    nombre: 'Ancho',
    unidad: 'cm',
    categorias: 'Taladros, Amoladoras',
    grupoAtributosId: 10,
    codigo: 1002,
  },
  { id: 3, nombre: 'Potencia', unidad: 'W', categorias: 'Taladros', grupoAtributosId: 20, codigo: 1005 },
  {
    id: 4,
    nombre: 'Flujo luminoso',
    unidad: 'lm',
    categorias: 'Bombillas',
    grupoAtributosId: 20,
    codigo: 1008,
  },
  { id: 5, nombre: 'Peso  Neto', unidad: 'kg', categorias: 'taladros', grupoAtributosId: 10, codigo: 1004 },
];

describe('reviewStatus (docs/requirements.md#r4-states): all five states, for a whole page at once', () => {
  it('gives each product of a page its status from the texts of the page', () => {
    const products = [
      { id: 1, activoEnMarketplace: null },
      { id: 2, activoEnMarketplace: 'S' },
      { id: 3, activoEnMarketplace: 'S' },
      { id: 4, activoEnMarketplace: 'N' },
      { id: 5, activoEnMarketplace: 'S' },
    ];
    const texts = [
      { productoId: 1, revisado_sn: 'S' },
      { productoId: 3, revisado_sn: 'S' },
      { productoId: 3, revisado_sn: 'S' },
      { productoId: 4, revisado_sn: 'N' },
      { productoId: 5, revisado_sn: 'S' },
      { productoId: 5, revisado_sn: 'N' },
    ];
    const statuses = reviewStatusesOf(products, texts);
    expect([...statuses.values()]).toEqual([
      'No incluido',
      'Pendiente',
      'Revisado',
      'No revisado',
      'Revisado parcial',
    ]);
    expect(reviewStatus('S', [{ revisado_sn: null }])).toBe('No revisado');
  });
});

describe('productUpdateErrorMessage for the editor (docs/requirements.md#r8-errors)', () => {
  const base = 'No se pudo actualizar el producto. Por favor, revisa los datos e inténtalo de nuevo';

  it('a duplicated name (422 ER_DUP_ENTRY): the server message in parentheses', () => {
    const error = new HttpError('Duplicate entry', 422, {
      error: {
        statusCode: '422',
        name: 'Error',
        message: "Duplicate entry 'SKU-1' for key 'nombre'",
        code: 'ER_DUP_ENTRY',
      },
    });
    expect(productUpdateErrorMessage(error)).toBe(`${base} (Duplicate entry 'SKU-1' for key 'nombre')`);
  });

  it('a wrong value of a general field: the field message, then the server message', () => {
    const error = new HttpError('invalid', 422, {
      error: {
        statusCode: 422,
        message: 'The request body is invalid.',
        details: [{ path: '/precio_fabrica', code: 'minimum', message: 'must be >= 0' }],
      },
    });
    expect(productUpdateErrorMessage(error)).toBe(
      `${base}: El campo 'preciofabrica' no es correcto (The request body is invalid.)`,
    );
  });

  it('no answer: the no-response suffix', () => {
    expect(productUpdateErrorMessage(new HttpError('Error de conexión.', 0, null))).toBe(
      `${base}. No se obtuvo respuesta del servidor`,
    );
  });
});

describe('media (docs/requirements.md#r5-validation)', () => {
  it('mediaTypeForFile: Imagen for png, jpg, jpeg (any case), Documento otherwise', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg', 'd.Jpeg'].map(mediaTypeForFile)).toEqual([
      'Imagen',
      'Imagen',
      'Imagen',
      'Imagen',
    ]);
    expect(['a.pdf', 'b.gif', 'c.mp4', 'sin-extension', 'png'].map(mediaTypeForFile)).toEqual([
      'Documento',
      'Documento',
      'Documento',
      'Documento',
      'Documento',
    ]);
  });

  it('underscores become spaces when matching existing records', () => {
    expect(mediaMatchName('ficha_tecnica')).toBe('ficha tecnica');
    const records: MediaRecord[] = [
      { id: 1, nombre: 'Ficha tecnica', tipo: 'Documento' },
      { id: 2, nombre: 'imagen_principal', tipo: 'Imagen', principalSN: 'S' },
    ];
    expect(findMatchingMedia(records, 'ficha_tecnica.pdf')?.id).toBe(1);
    expect(findMatchingMedia(records, 'Imagen Principal.jpg')?.id).toBe(2);
    expect(findMatchingMedia(records, 'otra.pdf')).toBeUndefined();
  });

  it('an upload replaces the matched record; the main image points at its 800x600 PNG and becomes imagen', () => {
    const records: MediaRecord[] = [
      {
        id: 7,
        nombre: 'imagen_principal',
        tipo: 'Imagen',
        principalSN: 'S',
        fichero: mainImagePath('SKU-1'),
      },
      { id: 8, nombre: 'ficha tecnica', tipo: 'Documento', principalSN: 'N' },
    ];
    const image = {
      fichero: 'multimedia/SKU-1/foto.jpg',
      principal: 'multimedia/SKU-1/800x600_foto.png',
      nombre: 'foto.jpg',
      formato: 'jpg',
      tipo: 'Imagen' as const,
      tamano: 10,
    };
    const main = uploadEffect(3, records, 'foto.jpg', image, true);
    expect(main.update).toMatchObject({
      id: 7,
      data: { fichero: 'multimedia/SKU-1/800x600_foto.png', principalSN: 'S' },
    });
    expect(main.imagen).toBe('multimedia/SKU-1/800x600_foto.png');

    const doc = {
      fichero: 'multimedia/SKU-1/ficha_tecnica.pdf',
      nombre: 'ficha_tecnica.pdf',
      formato: 'pdf',
      tipo: 'Documento' as const,
      tamano: 10,
    };
    expect(uploadEffect(3, records, 'ficha_tecnica.pdf', doc)).toEqual({
      update: {
        id: 8,
        data: { fichero: doc.fichero, formato: 'pdf', tipo: 'Documento' },
        previous: records[1],
      },
      imagen: undefined,
    });

    const other = uploadEffect(3, records, 'lateral.png', {
      ...image,
      fichero: 'multimedia/SKU-1/lateral.png',
    });
    expect(other.create).toMatchObject({
      productoId: 3,
      nombre: 'lateral',
      tipo: 'Imagen',
      principalSN: 'N',
      publicoSN: 'S',
    });
    expect(other.imagen).toBeUndefined();
    // the first image of a product without a principal one becomes it
    expect(uploadEffect(3, [], 'lateral.png', image).create?.principalSN).toBe('S');
  });

  it('uploads: 20 MB at most, only the listed types, with clear Spanish messages', () => {
    expect(uploadProblem({ name: 'foto.png', size: 50 * 1024 * 1024 })).toBe(
      'El fichero «foto.png» supera el tamaño máximo de 20 MB.',
    );
    expect(uploadProblem({ name: 'foto.png', size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(uploadProblem({ name: 'script.html', size: 10 })).toMatch(
      /^El tipo de fichero «\.html» de «script\.html» no está permitido\. Tipos admitidos: png, jpg, jpeg, pdf/,
    );
    expect(uploadProblem({ name: 'manual.pdf', size: 10 }, 'images')).toMatch(/«\.pdf».*no está permitido/);
    expect(uploadProblem({ name: 'LEEME', size: 10 })).toMatch(/no tiene extensión/);
    expect(uploadKindFor('a.JPG')).toBe('images');
    expect(uploadKindFor('a.pdf')).toBe('files');
  });

  it('stored names: no folders, spaces as underscores; the upload URL encodes each part', () => {
    expect(safeFileName('../../etc/Foto lateral (1).JPG')).toBe('Foto_lateral_1.jpg');
    expect(safeFileName('C:\\fotos\\ficha técnica.pdf')).toBe('ficha_técnica.pdf');
    expect(uploadPath('images', 1, 'SKU 1', 'a b.png')).toBe('/images-upload/1/SKU%201/a%20b.png');
    expect(mainImagePath('SKU-1')).toBe('multimedia/SKU-1/800x600_SKU-1.png');
  });
});

describe('attribute sync by category (docs/requirements.md#r5-validation)', () => {
  it('names compared case- and space-insensitively; categories joined with "; "', () => {
    expect(normalizeName(' Peso  Neto ')).toBe('pesoneto');
    expect(splitCategories('Taladros; Amoladoras;')).toEqual(['Taladros', 'Amoladoras']);
    expect(joinCategories(['Taladros', ' Amoladoras '])).toBe('Taladros; Amoladoras');
    expect(attributesForCategories(catalogue, ' taladros ').map((a) => a.nombre)).toEqual([
      'Largo',
      'Ancho',
      'Peso  Neto',
      'Potencia',
    ]);
    expect(attributesForCategories(catalogue, '')).toEqual([]);
  });

  it('extra attributes are removed, missing ones created empty', () => {
    const current: ProductAttributeRow[] = [
      { id: 11, atributoId: 1, nombre: 'LARGO', valor: '20', ordenEnGrupo: 1 },
      { id: 12, atributoId: 4, nombre: 'Flujo luminoso', valor: '800', ordenEnGrupo: 1 },
      { id: 13, atributoId: 5, nombre: 'pesoneto', valor: '', ordenEnGrupo: 2 },
    ];
    const result = syncAttributes(current, catalogue, 'Taladros');
    expect(result.removed.map((r) => r.id)).toEqual([12]);
    expect(result.added).toEqual([
      { atributoId: 2, nombre: 'Ancho', unidad: 'cm', valor: '', ordenEnGrupo: 3, nuevo: true },
      { atributoId: 3, nombre: 'Potencia', unidad: 'W', valor: '', ordenEnGrupo: 1, nuevo: true },
    ]);
    expect(result.rows.map((r) => r.nombre)).toEqual(['LARGO', 'pesoneto', 'Ancho', 'Potencia']);
  });

  it('switching back restores the stored row (value included) instead of an empty one', () => {
    const stored: ProductAttributeRow[] = [{ id: 12, atributoId: 4, nombre: 'Flujo luminoso', valor: '800' }];
    const result = syncAttributes([], catalogue, 'Bombillas', stored);
    expect(result.added).toEqual([stored[0]]);
  });

  it('groups rows by attribute group, ordered by ordenEnGrupo', () => {
    const rows: ProductAttributeRow[] = [
      { atributoId: 3, nombre: 'Potencia', ordenEnGrupo: 1 },
      { atributoId: 2, nombre: 'Ancho', ordenEnGrupo: 2 },
      { atributoId: 1, nombre: 'Largo', ordenEnGrupo: 1 },
      { atributoId: 99, nombre: 'Suelto', ordenEnGrupo: 1 },
    ];
    const groups = groupAttributeRows(rows, catalogue, [
      { id: 10, nombre: 'Dimensiones' },
      { id: 20, nombre: 'Eléctrico' },
    ]);
    expect(groups.map((g) => [g.nombre, g.rows.map((r) => `${r.index}:${r.row.nombre}`)])).toEqual([
      ['Dimensiones', ['2:Largo', '1:Ancho']],
      ['Eléctrico', ['0:Potencia']],
      [NO_GROUP, ['3:Suelto']],
    ]);
  });
});

describe('what a save writes (docs/requirements.md#r5-validation: attribute values are saved only when non-empty)', () => {
  const stored: ProductAttributeRow[] = [
    { id: 1, nombre: 'Largo', valor: '20' },
    { id: 2, nombre: 'Ancho', valor: '10' },
    { id: 3, nombre: 'Flujo luminoso', valor: '800' },
    { id: 4, nombre: 'Color', valor: '' },
  ];

  it('changed non-empty values are updated, emptied ones kept, new empty ones created only when the sync added them', () => {
    const plan = planAttributeSave(stored, [
      { id: 1, nombre: 'largo ', valor: '25' },
      { id: 2, nombre: 'Ancho', valor: '' },
      { id: 4, nombre: 'Color', valor: 'Rojo' },
      { nombre: 'Potencia', atributoId: 9, valor: '', nuevo: true },
      { nombre: 'Alto', atributoId: 8, valor: '', ordenEnGrupo: 3 },
      { nombre: 'Peso', atributoId: 7, valor: '1,5' },
    ]);
    expect(plan.update.map((u) => [u.id, u.valor])).toEqual([
      [1, '25'],
      [4, 'Rojo'],
    ]);
    expect(plan.keptEmpty.map((r) => r.nombre)).toEqual(['Ancho']);
    expect(plan.create).toEqual([
      { nombre: 'Potencia', atributoId: 9, valor: '' },
      { nombre: 'Peso', atributoId: 7, valor: '1,5' },
    ]);
    expect(plan.remove.map((r) => r.id)).toEqual([3]);
    expect(removedWithValues(plan)).toEqual(['Flujo luminoso']);
  });

  it('a save retried after a partial failure updates what the first attempt created (matched by name)', () => {
    const afterFirstAttempt = [...stored, { id: 9, nombre: 'Peso', valor: '1,5' }];
    const plan = planAttributeSave(afterFirstAttempt, [
      ...stored,
      { nombre: 'Peso', atributoId: 7, valor: '1,5' },
    ]);
    expect(plan).toEqual({ create: [], update: [], remove: [], keptEmpty: [] });
  });

  it('icons: any difference resets and recreates the list; duplicates are found', () => {
    const icons = [
      { idIcono: 3, texto: '2 años' },
      { idIcono: 4, texto: 'IP44' },
    ];
    expect(planIcons(icons, [...icons].reverse())).toEqual({ reset: false, create: [] });
    expect(planIcons(icons, [{ idIcono: 3, texto: '3 años' }])).toEqual({
      reset: true,
      create: [{ idIcono: 3, texto: '3 años' }],
    });
    expect(planIcons(icons, [])).toEqual({ reset: true, create: [] });
    expect(cleanIcons([{ idIcono: '5', texto: ' ' }, { idIcono: null }, { idIcono: 5, texto: 'x' }])).toEqual(
      [{ idIcono: 5, texto: null }],
    );
    expect(duplicateIcons([{ idIcono: 5 }, { idIcono: '5' }, { idIcono: 6 }])).toEqual([5]);
  });
});

describe('product dates and sync answers (docs/requirements.md#r8-errors, #r9-constants)', () => {
  it("modification dates read 'YYYY-MM-DD HH:mm:ss' (local time)", () => {
    const local = new Date(2026, 2, 5, 9, 7, 3);
    expect(formatProductDate(local.toISOString())).toBe('2026-03-05 09:07:03');
    expect(formatProductDate(null)).toBe('');
    expect(formatProductDate('no es fecha')).toBe('no es fecha');
  });

  it("the volume refusal is the answer 'volumen NO'", () => {
    expect(isVolumeRefusal('volumen NO')).toBe(true);
    expect(isVolumeRefusal({ respuesta: 'volumen NO', mensaje: 'x' })).toBe(true);
    expect(isVolumeRefusal({ respuesta: 'OK', mensaje: 'volumen NO' })).toBe(false);
    expect(isVolumeRefusal(undefined)).toBe(false);
  });
});
