import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { fieldErrorMessages, productUpdateErrorMessage } from '../../../src/dataProvider/errors';

// Literal LoopBack 4 bodies from docs/loopback-contract.md ("Error bodies").
const AJV_MESSAGE = 'The request body is invalid. See error object `details` property for more info.';
const ajv = (details: unknown[]) => ({
  error: {
    statusCode: 422,
    name: 'UnprocessableEntityError',
    message: AJV_MESSAGE,
    code: 'VALIDATION_FAILED',
    details,
  },
});
const required = {
  path: '',
  code: 'required',
  message: "must have required property 'nombre'",
  info: { missingProperty: 'nombre' },
};
const wrongType = { path: '/empresa_id', code: 'type', message: 'must be number', info: { type: 'number' } };
const additional = {
  path: '',
  code: 'additionalProperties',
  message: 'must NOT have additional properties',
  info: { additionalProperty: 'campo-raro' },
};
const maxLength = {
  path: '/codigo',
  code: 'maxLength',
  message: 'must NOT have more than 5 characters',
  info: { limit: 5 },
};
const enumError = {
  path: '/finalizado',
  code: 'enum',
  message: 'must be equal to one of the allowed values',
  info: {},
};
const juggler = {
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
};

const httpError = (status: number, body: unknown, message = 'x') => new HttpError(message, status, body);

describe('fieldErrorMessages (docs/requirements.md#r5-validation)', () => {
  it('AJV required with path "" → the field from info.missingProperty, es obligatorio', () => {
    expect(fieldErrorMessages(httpError(422, ajv([required])))).toEqual(["El campo 'nombre' es obligatorio"]);
  });

  it("type error on '/empresa_id' → 'empresaid' (leading slash, underscores, hyphens stripped), no es correcto", () => {
    expect(fieldErrorMessages(httpError(422, ajv([wrongType])))).toEqual([
      "El campo 'empresaid' no es correcto",
    ]);
  });

  it('additionalProperties (info.additionalProperty), maxLength → tiene un valor no válido; enum → no es correcto', () => {
    expect(fieldErrorMessages(httpError(422, ajv([additional, maxLength, enumError])))).toEqual([
      "El campo 'camporaro' tiene un valor no válido",
      "El campo 'codigo' tiene un valor no válido",
      "El campo 'finalizado' no es correcto",
    ]);
  });

  it("a message containing 'missing' → es obligatorio", () => {
    const body = ajv([{ path: '/sku-principal', message: 'missing value' }]);
    expect(fieldErrorMessages(httpError(422, body))).toEqual(["El campo 'skuprincipal' es obligatorio"]);
  });

  it("juggler ValidationError (details is an object): can't be blank → tiene un valor no válido", () => {
    expect(fieldErrorMessages(httpError(422, juggler))).toEqual([
      "El campo 'nombre' tiene un valor no válido",
    ]);
  });

  it('accepts a raw body too, and answers [] when there are no field details', () => {
    expect(fieldErrorMessages(ajv([required]))).toEqual(["El campo 'nombre' es obligatorio"]);
    expect(
      fieldErrorMessages(
        httpError(404, { error: { statusCode: 404, message: 'Entity not found', code: 'ENTITY_NOT_FOUND' } }),
      ),
    ).toEqual([]);
    // details as an object without messages (malformed filter JSON)
    expect(
      fieldErrorMessages(
        httpError(400, {
          error: {
            statusCode: 400,
            code: 'INVALID_PARAMETER_VALUE',
            details: { syntaxError: 'Unexpected token' },
          },
        }),
      ),
    ).toEqual([]);
    expect(fieldErrorMessages(new TypeError('Failed to fetch'))).toEqual([]);
    expect(fieldErrorMessages(undefined)).toEqual([]);
  });
});

describe('productUpdateErrorMessage (docs/requirements.md#r8-errors)', () => {
  const base = 'No se pudo actualizar el producto. Por favor, revisa los datos e inténtalo de nuevo';

  it('with field details: the messages appended, then the server message in parentheses', () => {
    expect(productUpdateErrorMessage(httpError(422, ajv([required, wrongType])))).toBe(
      `${base}: El campo 'nombre' es obligatorio; El campo 'empresaid' no es correcto (${AJV_MESSAGE})`,
    );
  });

  it("with no response: '. No se obtuvo respuesta del servidor'", () => {
    const noResponse = httpError(0, null, 'Error de conexión. Verifique su red e intente de nuevo.');
    expect(productUpdateErrorMessage(noResponse)).toBe(`${base}. No se obtuvo respuesta del servidor`);
    expect(productUpdateErrorMessage(new TypeError('Failed to fetch'))).toBe(
      `${base}. No se obtuvo respuesta del servidor`,
    );
  });

  it('without field details: the server error message in parentheses', () => {
    const dup = {
      error: {
        statusCode: '422',
        name: 'Error',
        message: "Duplicate entry 'A1' for key 'codigo'",
        code: 'ER_DUP_ENTRY',
      },
    };
    expect(productUpdateErrorMessage(httpError(422, dup))).toBe(
      `${base} (Duplicate entry 'A1' for key 'codigo')`,
    );
    expect(
      productUpdateErrorMessage(httpError(500, null, 'Ocurrió un error inesperado. Intente nuevamente.')),
    ).toBe(`${base} (Ocurrió un error inesperado. Intente nuevamente.)`);
  });

  it('juggler details are appended the same way', () => {
    expect(productUpdateErrorMessage(httpError(422, juggler))).toBe(
      `${base}: El campo 'nombre' tiene un valor no válido (${juggler.error.message})`,
    );
  });
});
