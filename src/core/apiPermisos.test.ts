import { describe, expect, it } from 'vitest';
import { enforcedScope } from './apiPermisos';

describe('enforcedScope (what the role screens say a permiso opens on the API)', () => {
  it('names custom permisos, CRUD verbs and manage; says when the API does not use one', () => {
    expect(enforcedScope({ controllerName: 'Sync', moduleName: ' ERP ' })).toBe(
      'Sincronizar con el ERP y usar el conector de Business Central',
    );
    expect(enforcedScope({ controllerName: 'update', moduleName: 'productos' })).toBe(
      'Modificar registros (también en bloque)',
    );
    expect(enforcedScope({ controllerName: 'manage', moduleName: 'all' })).toBe('Todas las operaciones');
    expect(enforcedScope({ controllerName: 'read', moduleName: 'Auth' })).toBe(
      'Ninguna operación de la API (solo entrar)',
    );
    expect(enforcedScope({ controllerName: 'volar', moduleName: 'productos' })).toBe(
      'La API no aplica este permiso',
    );
  });
});
