/**
 * The Multimedia tab's actions as plans (docs/requirements.md#r5-validation "Media"): which writes, in which
 * order, and what the person is told — decided without a request; and the runner that sends a plan's steps.
 */
import fakeRestDataProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, mainImagePath, type UploadAnswer } from '../../src/core/productEditor/contract';
import {
  MEDIA_DELETED,
  MEDIA_UPDATED,
  PRINCIPAL_UPDATED,
  deletePlan,
  principalPlan,
  publicPlan,
  uploadNotices,
  uploadRequests,
  uploadSteps,
  type MediaDecision,
  type MediaPlan,
} from '../../src/core/productEditor/mediaPlan';
import { PRINCIPAL_ONLY_IMAGES, type MediaRecord } from '../../src/core/productEditor/mediaRecords';
import { runMediaSteps } from '../../src/custom/productEditor/mediaSteps';

const planOf = (decision: MediaDecision): MediaPlan => {
  if ('refused' in decision) throw new Error(`refused: ${decision.refused}`);
  return decision.plan;
};

const principal: MediaRecord = {
  id: 1,
  nombre: 'imagen_principal',
  tipo: 'Imagen',
  principalSN: 'S',
  fichero: mainImagePath('SKU-1'),
};
const lateral: MediaRecord = {
  id: 2,
  nombre: 'lateral',
  tipo: 'Imagen',
  principalSN: 'N',
  fichero: 'multimedia/SKU-1/lateral.jpg',
};
const ficha: MediaRecord = {
  id: 3,
  nombre: 'ficha_tecnica',
  tipo: 'Documento',
  principalSN: 'N',
  fichero: 'multimedia/SKU-1/ficha_tecnica.pdf',
};
const media = [principal, lateral, ficha];

describe('principal switch', () => {
  it('on: the other principal picture off first, then this one on, then the product imagen at its 800x600', () => {
    const plan = planOf(principalPlan('SKU-1', media, lateral, true));
    expect(plan.steps).toEqual([
      { kind: 'update', id: 1, data: { principalSN: 'N' }, previous: principal },
      { kind: 'update', id: 2, data: { principalSN: 'S' }, previous: lateral },
      { kind: 'imagen', imagen: 'multimedia/SKU-1/800x600_lateral.png' },
    ]);
    expect(plan.success).toBe(PRINCIPAL_UPDATED);
    expect(plan.failure).toBe('No se pudo cambiar la imagen principal');
  });

  it('on for a picture already principal touches no other record; without a file there is no imagen step', () => {
    const bare: MediaRecord = { id: 5, nombre: 'sin fichero', tipo: 'Imagen', principalSN: 'N' };
    expect(planOf(principalPlan('SKU-1', [bare], bare, true)).steps).toEqual([
      { kind: 'update', id: 5, data: { principalSN: 'S' }, previous: bare },
    ]);
    expect(planOf(principalPlan('SKU-1', media, principal, true)).steps.map((step) => step.kind)).toEqual([
      'update',
      'imagen',
    ]);
  });

  it('a document is refused before any request; switching off is one write on the record alone', () => {
    expect(principalPlan('SKU-1', media, ficha, true)).toEqual({ refused: PRINCIPAL_ONLY_IMAGES });
    const off = planOf(principalPlan('SKU-1', media, { ...ficha, principalSN: 'S' }, false));
    expect(off.steps).toEqual([
      { kind: 'update', id: 3, data: { principalSN: 'N' }, previous: { ...ficha, principalSN: 'S' } },
    ]);
    expect(off.success).toBe(MEDIA_UPDATED);
    expect(off.failure).toBe('No se pudo actualizar «ficha_tecnica»');
  });

  it('a record not stored yet (no id) is refused by name', () => {
    expect(principalPlan('SKU-1', media, { nombre: 'nuevo', tipo: 'Imagen' }, true)).toEqual({
      refused: '«nuevo» no está guardado todavía.',
    });
  });
});

describe('público and delete', () => {
  it('público writes publicoSN only; delete removes the record', () => {
    expect(planOf(publicPlan(lateral, false)).steps).toEqual([
      { kind: 'update', id: 2, data: { publicoSN: 'N' }, previous: lateral },
    ]);
    expect(planOf(publicPlan(lateral, true)).steps[0]).toMatchObject({ data: { publicoSN: 'S' } });
    const removal = planOf(deletePlan(ficha));
    expect(removal).toEqual({
      steps: [{ kind: 'delete', id: 3, previous: ficha }],
      success: MEDIA_DELETED,
      failure: 'No se pudo eliminar «ficha_tecnica»',
    });
  });
});

describe('uploads', () => {
  it('each file: its stored name and endpoint, or why it is refused before sending', () => {
    const requests = uploadRequests(
      [
        { name: 'Foto lateral.JPG', size: 10 },
        { name: 'manual.pdf', size: 10 },
        { name: 'enorme.png', size: MAX_UPLOAD_BYTES + 1 },
      ],
      false,
    );
    expect(requests).toEqual([
      { name: 'Foto lateral.JPG', fileName: 'Foto_lateral.jpg', kind: 'images' },
      { name: 'manual.pdf', fileName: 'manual.pdf', kind: 'files' },
      {
        name: 'enorme.png',
        fileName: 'enorme.png',
        kind: 'images',
        problem: 'El fichero «enorme.png» supera el tamaño máximo de 20 MB.',
      },
    ]);
    // the main-image area sends everything to /images-upload: a document is refused there
    const [asMain] = uploadRequests([{ name: 'manual.pdf', size: 10 }], true);
    expect(asMain.kind).toBe('images');
    expect(asMain.problem).toMatch(/«\.pdf».*no está permitido/);
  });

  it('a stored picture: the matched record updated, then the product imagen; a new name creates a record', () => {
    const answer: UploadAnswer = {
      fichero: 'multimedia/SKU-1/foto.jpg',
      principal: 'multimedia/SKU-1/800x600_foto.png',
      nombre: 'foto.jpg',
      formato: 'jpg',
      tipo: 'Imagen',
      tamano: 10,
    };
    expect(uploadSteps(9, media, { fileName: 'foto.jpg' }, answer, true)).toEqual([
      {
        kind: 'update',
        id: 1,
        data: { fichero: answer.principal, formato: 'png', tipo: 'Imagen', principalSN: 'S' },
        previous: principal,
      },
      { kind: 'imagen', imagen: answer.principal },
    ]);
    const created = uploadSteps(9, media, { fileName: 'foto.jpg' }, answer, false);
    expect(created).toEqual([
      {
        kind: 'create',
        data: {
          productoId: 9,
          nombre: 'foto',
          tipo: 'Imagen',
          formato: 'jpg',
          principalSN: 'N',
          publicoSN: 'S',
          fichero: answer.fichero,
        },
      },
    ]);
  });

  it('the notices after a drop count what went up and what did not', () => {
    expect(uploadNotices([{ failed: false }, { failed: true }, { failed: false }])).toEqual([
      { type: 'success', message: '2 fichero(s) subido(s)' },
      {
        type: 'error',
        message: '1 fichero(s) no se pudieron subir: revisa el detalle en la pestaña Multimedia',
      },
    ]);
    expect(uploadNotices([{ failed: true }])).toHaveLength(1);
    expect(uploadNotices([])).toEqual([]);
  });
});

describe('runMediaSteps', () => {
  const provider = () =>
    fakeRestDataProvider(
      {
        productos: [{ id: 9, nombre: 'SKU-1', imagen: '' }],
        'producto-multimedias': media.map((record) => ({ ...record, productoId: 9 })),
      },
      false,
    );

  it('sends each step in order: after a principal plan one picture only is principal and imagen follows', async () => {
    const dataProvider = provider();
    const images: string[] = [];
    const plan = planOf(principalPlan('SKU-1', media, lateral, true));
    await runMediaSteps(plan.steps, { dataProvider, productId: 9, onImageChange: (i) => images.push(i) });
    const { data } = await dataProvider.getList('producto-multimedias', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data.filter((record) => record.principalSN === 'S').map((record) => record.id)).toEqual([2]);
    expect((await dataProvider.getOne('productos', { id: 9 })).data.imagen).toBe(
      'multimedia/SKU-1/800x600_lateral.png',
    );
    expect(images).toEqual(['multimedia/SKU-1/800x600_lateral.png']);
  });

  it('the first failing step stops the rest', async () => {
    const base = provider();
    const sent: string[] = [];
    const failing: DataProvider = {
      ...base,
      update: (resource, params) => {
        sent.push(`${resource}/${String(params.id)}`);
        return params.id === 1 ? Promise.reject(new Error('sin conexión')) : base.update(resource, params);
      },
    };
    const plan = planOf(principalPlan('SKU-1', media, lateral, true));
    await expect(
      runMediaSteps(plan.steps, { dataProvider: failing, productId: 9, onImageChange: () => undefined }),
    ).rejects.toThrow('sin conexión');
    expect(sent).toEqual(['producto-multimedias/1']);
    expect((await base.getOne('producto-multimedias', { id: 2 })).data.principalSN).toBe('N');
  });
});
