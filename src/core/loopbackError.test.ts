import { describe, expect, it } from 'vitest';
import {
  detailField,
  duplicateKey,
  errorDetails,
  errorStatus,
  isDuplicateEntry,
  serverMessage,
} from './loopbackError';

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
