/** docs/requirements.md#r8-errors "Catalogue products": every answer shape of add/remove → status and the literal Spanish message. */
import { describe, expect, it } from 'vitest';
import { addOutcome, removeOutcome } from '../../src/custom/catalogueProducts/messages';

describe('add answer (an array of the rows created)', () => {
  it('a non-empty array is OK with "Productos agregados exitosamente"', () => {
    expect(addOutcome([{ id: 1, catalogoId: 2, productoId: 3 }])).toEqual({
      status: 'OK',
      message: 'Productos agregados exitosamente',
      count: 1,
    });
    expect(addOutcome(new Array(25).fill({})).count).toBe(25);
  });

  it('an empty array (nothing inserted) is an ERROR', () => {
    expect(addOutcome([])).toEqual({
      status: 'ERROR',
      message: 'No se insertaron productos, respuesta inesperada',
      count: 0,
    });
  });

  it.each([[undefined], [null], [{}], [{ count: 3 }], ['OK'], [3]])(
    'anything but an array (%j) is an ERROR',
    (answer) => {
      const outcome = addOutcome(answer);
      expect(outcome.status).toBe('ERROR');
      expect(outcome.message).toBe('No se insertaron productos, respuesta inesperada');
    },
  );
});

describe('remove answer ({deletedCount})', () => {
  it('n > 0 deleted is OK with "{n} productos eliminados exitosamente"', () => {
    expect(removeOutcome({ deletedCount: 5 })).toEqual({
      status: 'OK',
      message: '5 productos eliminados exitosamente',
      count: 5,
    });
    expect(removeOutcome({ deletedCount: 1 }).message).toBe('1 productos eliminados exitosamente');
    expect(removeOutcome({ deletedCount: '12' }).message).toBe('12 productos eliminados exitosamente');
  });

  it('0 deleted is an ERROR: the products do not match the catalogue', () => {
    expect(removeOutcome({ deletedCount: 0 })).toEqual({
      status: 'ERROR',
      message: 'No se eliminaron productos, quizás no coinciden con el catálogo',
      count: 0,
    });
  });

  it.each([
    [undefined],
    [null],
    [{}],
    [[]],
    [{ count: 2 }],
    [{ deletedCount: -1 }],
    [{ deletedCount: 'x' }],
    [{ deletedCount: 1.5 }],
    ['3'],
  ])('any other answer (%j) is "Respuesta inesperada del servidor"', (answer) => {
    expect(removeOutcome(answer)).toEqual({ status: 'ERROR', message: 'Respuesta inesperada del servidor' });
  });
});
