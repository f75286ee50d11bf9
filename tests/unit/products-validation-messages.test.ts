/** LoopBack/AJV validation answers → clear Spanish messages (validationMessages.ts), as the forms use them. */
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromServer } from '../../src/resources/generic/serverErrors';
import {
  DUPLICATE_FORM_MESSAGE,
  INVALID_FORM_MESSAGE,
  isDuplicateEntry,
  validationMessage,
  validationToast,
} from '../../src/resources/generic/validationMessages';

/** The bodies LoopBack 4 answers (docs/loopback-contract.md "Error bodies"), detail by detail. */
describe('validationMessage: one AJV detail in Spanish', () => {
  it.each([
    [
      { code: 'maxLength', message: 'must NOT have more than 20 characters', info: { limit: 20 } },
      'Máximo 20 caracteres',
    ],
    // the message alone is enough (some servers leave out info)
    [{ code: 'maxLength', message: 'must NOT have more than 5 characters' }, 'Máximo 5 caracteres'],
    [{ code: 'maxLength', message: 'must NOT have more than 1 characters' }, 'Máximo 1 carácter'],
    [
      { code: 'minLength', message: 'must NOT have fewer than 2 characters', info: { limit: 2 } },
      'Mínimo 2 caracteres',
    ],
    [
      {
        code: 'required',
        message: "must have required property 'nombre'",
        info: { missingProperty: 'nombre' },
      },
      'Obligatorio',
    ],
    [{ code: 'type', message: 'must be integer', info: { type: 'integer' } }, 'Debe ser un número entero'],
    [{ code: 'type', message: 'must be number', info: { type: 'number' } }, 'Debe ser un número'],
    [{ code: 'type', message: 'must be string' }, 'Debe ser un texto'],
    [{ code: 'type', message: 'must be string,null', info: { type: 'string,null' } }, 'Debe ser un texto'],
    [
      { code: 'format', message: 'must match format "date-time"', info: { format: 'date-time' } },
      'Debe ser una fecha y hora válidas',
    ],
    [{ code: 'format', message: 'must match format "email"' }, 'Debe ser un correo electrónico válido'],
    [{ code: 'format', message: 'must match format "ipv6"' }, 'Formato no válido'],
    [
      { code: 'minimum', message: 'must be >= 0', info: { comparison: '>=', limit: 0 } },
      'Debe ser mayor o igual que 0',
    ],
    [{ code: 'maximum', message: 'must be <= 100' }, 'Debe ser menor o igual que 100'],
    [{ code: 'exclusiveMinimum', message: 'must be > 0.5' }, 'Debe ser mayor que 0.5'],
    [{ code: 'pattern', message: 'must match pattern "^[A-Z]+$"' }, 'Formato no válido'],
    [
      {
        code: 'enum',
        message: 'must be equal to one of the allowed values',
        info: { allowedValues: ['S', 'N', null] },
      },
      'Debe ser uno de: S, N',
    ],
    [{ code: 'enum', message: 'must be equal to one of the allowed values' }, 'Valor no permitido'],
    [{ code: 'presence', message: "can't be blank" }, 'Obligatorio'],
    [{ code: 'uniqueness', message: 'is not unique' }, 'Ya existe un registro con ese valor'],
    [{ code: 'something', message: 'must be multiple of 3' }, 'Valor no válido'],
    // this API's own rules answer in Spanish: kept
    [
      { code: 'notBefore', message: '«Hasta» no puede ser anterior a «Desde».' },
      '«Hasta» no puede ser anterior a «Desde».',
    ],
  ])('%j → %s', (detail, expected) => {
    expect(validationMessage(detail)).toBe(expected);
  });
});

const ajv422 = (details: unknown) =>
  new HttpError('The request body is invalid. See error object `details` property for more info.', 422, {
    error: {
      statusCode: 422,
      name: 'UnprocessableEntityError',
      message: 'The request body is invalid. See error object `details` property for more info.',
      code: 'VALIDATION_FAILED',
      details,
    },
  });

const duplicate = new HttpError("Duplicate entry '1-M01' for key 'codigo'", 422, {
  error: {
    statusCode: '422',
    name: 'Error',
    message: "Duplicate entry '1-M01' for key 'codigo'",
    code: 'ER_DUP_ENTRY',
  },
});

describe('the forms: field messages and toasts', () => {
  it('fieldErrorsFromServer gives Spanish messages under the inputs (required stays the i18n key)', () => {
    expect(
      fieldErrorsFromServer(
        ajv422([
          {
            path: '/ean',
            code: 'maxLength',
            message: 'must NOT have more than 20 characters',
            info: { limit: 20 },
          },
          { path: '/codigo', code: 'type', message: 'must be integer', info: { type: 'integer' } },
          {
            path: '',
            code: 'required',
            message: "must have required property 'nombre'",
            info: { missingProperty: 'nombre' },
          },
          // an unknown property names no input: no field error (it could never be cleared)
          {
            path: '',
            code: 'additionalProperties',
            message: 'must NOT have additional properties',
            info: { additionalProperty: 'x' },
          },
        ]),
      ),
    ).toEqual({
      ean: 'Máximo 20 caracteres',
      codigo: 'Debe ser un número entero',
      nombre: 'ra.validation.required',
    });
  });

  it("juggler's ValidationError (details is an object) is read too", () => {
    const error = new HttpError('invalid', 422, {
      error: {
        statusCode: 422,
        name: 'ValidationError',
        message: 'The `Producto` instance is not valid. Details: `nombre` can\'t be blank (value: "").',
        details: {
          context: 'Producto',
          codes: { nombre: ['presence'] },
          messages: { nombre: ["can't be blank"] },
        },
      },
    });
    expect(fieldErrorsFromServer(error)).toEqual({ nombre: 'ra.validation.required' });
    expect(validationToast(error)).toBe(INVALID_FORM_MESSAGE);
  });

  it('ER_DUP_ENTRY: the unique field is marked and the toast is Spanish, not MySQL’s text', () => {
    expect(isDuplicateEntry(duplicate)).toBe(true);
    expect(fieldErrorsFromServer(duplicate, ['codigo'])).toEqual({ codigo: 'ra.validation.unique' });
    expect(validationToast(duplicate)).toBe(DUPLICATE_FORM_MESSAGE);
    expect(DUPLICATE_FORM_MESSAGE).toBe('Ya existe un registro con ese valor: revisa los campos marcados.');
  });

  it("LoopBack's generic English message becomes Spanish; other answers keep the server's message", () => {
    expect(validationToast(ajv422([]))).toBe('Hay datos no válidos: revisa los campos marcados.');
    expect(
      validationToast(new HttpError('x', 422, { error: { statusCode: 422, message: 'El rango se solapa' } })),
    ).toBeUndefined();
    expect(validationToast(new Error('Error de conexión'))).toBeUndefined();
    expect(validationToast(undefined)).toBeUndefined();
  });
});
