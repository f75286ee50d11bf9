import { describe, expect, it } from 'vitest';
import { estadoRevisionDeConteo, reviewStatus } from './reviewStatus';

describe('reviewStatus (docs/requirements.md#r4-states)', () => {
  it("'No incluido' when activoEnMarketplace is null, whatever the texts", () => {
    expect(reviewStatus(null, [{ revisado_sn: 'S' }])).toBe('No incluido');
    expect(reviewStatus(undefined, [])).toBe('No incluido');
  });
  it("'Pendiente' with no generated texts", () => {
    expect(reviewStatus('S', [])).toBe('Pendiente');
    expect(reviewStatus('N', [])).toBe('Pendiente');
  });
  it("'Revisado' when all are S, 'No revisado' when all are N, 'Revisado parcial' when mixed", () => {
    expect(reviewStatus('S', [{ revisado_sn: 'S' }, { revisado_sn: 'S' }])).toBe('Revisado');
    expect(reviewStatus('S', [{ revisado_sn: 'N' }, { revisado_sn: 'N' }])).toBe('No revisado');
    expect(reviewStatus('S', [{ revisado_sn: 'S' }, { revisado_sn: 'N' }])).toBe('Revisado parcial');
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
