// @vitest-environment node
/** The shared core's small pieces, each the one home of its rule. */
import { describe, expect, it } from 'vitest';
import { datePart } from '../../src/core/datePart';
import { neutraliseFormula } from '../../src/core/formula';
import { isRecord } from '../../src/core/guards';
import {
  detailField,
  duplicateKey,
  errorDetails,
  errorStatus,
  isDuplicateEntry,
  serverMessage,
} from '../../src/core/loopbackError';
import { mapPool } from '../../src/core/pool';
import { estadoRevisionDeConteo, reviewStatus } from '../../src/core/reviewStatus';

const httpError = (status: number, error: Record<string, unknown>) =>
  Object.assign(new Error('http'), { status, body: { error } });

describe('loopbackError', () => {
  it('reads AJV details (path or missingProperty) and juggler messages as one list', () => {
    const ajv = httpError(422, {
      statusCode: 422,
      details: [
        {
          path: '',
          code: 'required',
          message: "must have required property 'nombre'",
          info: { missingProperty: 'nombre' },
        },
        {
          path: '/codigo',
          code: 'maxLength',
          message: 'must NOT have more than 20 characters',
          info: { limit: 20 },
        },
      ],
    });
    expect(errorDetails(ajv).map((detail) => detailField(detail))).toEqual(['nombre', 'codigo']);
    const juggler = {
      error: {
        statusCode: '422',
        details: { codes: { mail: ['presence'] }, messages: { mail: ["can't be blank"] } },
      },
    };
    expect(errorDetails(juggler)).toEqual([
      { path: '/mail', code: 'presence', message: "can't be blank", info: {} },
    ]);
    expect(errorStatus(juggler)).toBe(422);
  });

  it('a duplicate names its key; the server message wins over the error message', () => {
    const dup = httpError(422, {
      code: 'ER_DUP_ENTRY',
      message: "Duplicate entry 'X' for key 'marca.codigo'",
    });
    expect(isDuplicateEntry(dup)).toBe(true);
    expect(duplicateKey(dup)).toBe('codigo');
    expect(serverMessage(dup)).toBe("Duplicate entry 'X' for key 'marca.codigo'");
    expect(isDuplicateEntry(httpError(500, { message: 'boom' }))).toBe(false);
    expect(serverMessage(new Error('sin cuerpo'))).toBe('sin cuerpo');
  });
});

describe('mapPool', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapPool([30, 10, 20, 5], 2, async (ms) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 10]);
    expect(peak).toBe(2);
  });

  it('the first failure rejects the whole map', async () => {
    await expect(
      mapPool([1, 2, 3], 1, async (n) => {
        if (n === 2) throw new Error('falla 2');
        return n;
      }),
    ).rejects.toThrow('falla 2');
  });
});

describe('small rules', () => {
  it('date part: UTC day of a Date, leading day of a string, undefined otherwise', () => {
    expect(datePart(new Date('2026-03-07T23:30:00.000Z'))).toBe('2026-03-07');
    expect(datePart(' 2026-03-07T10:00:00Z')).toBe('2026-03-07');
    expect(datePart('07/03/2026')).toBeUndefined();
    expect(datePart(20260307)).toBeUndefined();
  });

  it('formula guard quotes = + - @ tab CR NUL starts only', () => {
    expect(['=SUM(A1)', '+1', '-1', '@x', '\tx', '\rx', '\0x', 'ok'].map(neutraliseFormula)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      "'\0x",
      'ok',
    ]);
  });

  it('isRecord accepts plain objects only', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isRecord)).toEqual([true, true, false, false, false, false]);
  });

  it('one review rule: counts and the product status agree', () => {
    expect([
      estadoRevisionDeConteo(0, 0),
      estadoRevisionDeConteo(2, 2),
      estadoRevisionDeConteo(2, 1),
      estadoRevisionDeConteo(2, 0),
    ]).toEqual(['Sin textos', 'Revisado', 'Revisado parcial', 'No revisado']);
    expect(reviewStatus(null, [])).toBe('No incluido');
    expect(reviewStatus('S', [])).toBe('Pendiente');
    expect(reviewStatus('N', [{ revisado_sn: 'S' }, { revisado_sn: 'N' }])).toBe('Revisado parcial');
  });
});
