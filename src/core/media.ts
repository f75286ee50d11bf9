/** Media rules (docs/requirements.md#r5-validation "Media"). */
export type MediaType = 'Imagen' | 'Documento';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg']);

/** A file is Imagen if its extension is png, jpg or jpeg (any case); otherwise Documento. */
export function mediaTypeForFile(name: string): MediaType {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return IMAGE_EXTENSIONS.has(extension) ? 'Imagen' : 'Documento';
}

/** Underscores in media names become spaces when matching existing records. */
export const mediaMatchName = (name: string): string => name.replace(/_/g, ' ');
