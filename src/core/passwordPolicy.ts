/**
 * The password rule, for the app's forms and the API alike: at least 12 characters, not the e-mail (nor its
 * name part), not one of the commonly used passwords. Messages in Spanish; undefined when it is acceptable.
 */

export const MIN_PASSWORD_LENGTH = 12;

/** A small list of passwords every attacker tries first (compared lower-cased, spaces trimmed). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  'password1234',
  'password12345',
  'contraseña123',
  'contraseña1234',
  'contrasena123',
  'contrasena1234',
  'qwertyuiop12',
  'qwerty123456',
  '111111111111',
  '000000000000',
  'aaaaaaaaaaaa',
  'administrador',
  'administrator',
  'admin1234567',
  'iloveyou1234',
  'bienvenido123',
  'welcome12345',
  'letmein12345',
  'abcdefghijkl',
  'abc123456789',
]);

export function passwordProblem(password: string, email?: string | null): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  }
  const lowered = password.trim().toLowerCase();
  const mail = (email ?? '').trim().toLowerCase();
  if (mail && (lowered === mail || lowered === mail.split('@')[0])) {
    return 'La contraseña no puede ser el correo electrónico.';
  }
  if (COMMON_PASSWORDS.has(lowered) || /^(.)\1+$/.test(lowered)) {
    return 'Esa contraseña es demasiado común: elija otra.';
  }
  return undefined;
}
