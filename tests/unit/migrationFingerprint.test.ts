import { describe, expect, it } from 'vitest';
import { migrationFingerprint } from '../../server/store/migration-state';

describe('migrationFingerprint', () => {
  const declarations = [{ name: 'productos', fields: [{ source: 'nombre', type: 'text' }] }];

  it('is the same for the same declarations, engine and code', () => {
    expect(migrationFingerprint(declarations, 'embedded')).toBe(
      migrationFingerprint(declarations, 'embedded'),
    );
    expect(migrationFingerprint(declarations, 'embedded')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with a declaration or the engine', () => {
    const changed = [{ name: 'productos', fields: [{ source: 'nombre', type: 'text', index: true }] }];
    const fingerprint = migrationFingerprint(declarations, 'embedded');
    expect(migrationFingerprint(changed, 'embedded')).not.toBe(fingerprint);
    expect(migrationFingerprint(declarations, 'mysql')).not.toBe(fingerprint);
  });
});
