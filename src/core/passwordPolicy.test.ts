import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwordPolicy';

describe('passwordProblem', () => {
  it('accepts a long password that is neither the e-mail nor a common one', () => {
    expect(passwordProblem('Caballo-Bateria-Grapa', 'ana@demo.pim')).toBeUndefined();
  });

  it('refuses fewer than 12 characters', () => {
    expect(passwordProblem('Corta-123!', 'ana@demo.pim')).toBe(
      'La contraseña debe tener al menos 12 caracteres.',
    );
    expect(passwordProblem('1', null)).toBe('La contraseña debe tener al menos 12 caracteres.');
  });

  it('refuses the e-mail, or its name part, whatever the case', () => {
    expect(passwordProblem('Ana.Garcia@Demo.pim', 'ana.garcia@demo.pim')).toBe(
      'La contraseña no puede ser el correo electrónico.',
    );
    expect(passwordProblem('ana.garcia.lopez', 'ana.garcia.lopez@demo.pim')).toBe(
      'La contraseña no puede ser el correo electrónico.',
    );
  });

  it('refuses common passwords and one repeated character', () => {
    expect(passwordProblem('Password1234', undefined)).toBe('Esa contraseña es demasiado común: elija otra.');
    expect(passwordProblem('zzzzzzzzzzzzzz', undefined)).toBe(
      'Esa contraseña es demasiado común: elija otra.',
    );
  });
});
