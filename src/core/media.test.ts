import { describe, expect, it } from 'vitest';
import { mediaMatchName, mediaTypeForFile } from './media';

describe('mediaTypeForFile (docs/requirements.md#r5-validation)', () => {
  it('png, jpg and jpeg (any case) are Imagen; anything else Documento', () => {
    expect(mediaTypeForFile('foto.png')).toBe('Imagen');
    expect(mediaTypeForFile('FOTO.JPG')).toBe('Imagen');
    expect(mediaTypeForFile('a.b.jpeg')).toBe('Imagen');
    expect(mediaTypeForFile('ficha.pdf')).toBe('Documento');
    expect(mediaTypeForFile('imagen.gif')).toBe('Documento');
    expect(mediaTypeForFile('sin-extension')).toBe('Documento');
  });
  it('underscores become spaces when matching names', () => {
    expect(mediaMatchName('imagen_principal')).toBe('imagen principal');
  });
});
