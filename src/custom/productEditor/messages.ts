/** The product screens' Spanish texts; the literal ones come from the spec (#r5-validation, #r8-errors). */
export const MESSAGES = {
  created: 'Producto creado',
  nextIdError: 'Error obteniendo data de próximo id',
  replicated: 'Producto replicado correctamente',
  replicateError: 'Error replicando el producto',
  deleteError: 'Error eliminando el producto',
  deleted: 'Producto eliminado',
  updated: 'Producto actualizado correctamente',
  volumeTitle: 'Volumen de producto',
  volumeText:
    'El producto se ha actualizado en el sistema, pero no se sincronizará con BC debido a que su volumen es menor que 0.',
  syncFailedTitle: 'Sincronización con BC',
  syncFailed: (reason: string) =>
    `El producto se ha actualizado en el sistema, pero no se pudo sincronizar con BC: ${reason}`,
  loading: 'Cargando producto…',
  loadFailed: 'No se pudo cargar el producto. Se volverá a intentar en 5 segundos.',
  notFound: 'El producto no existe o no pertenece a la empresa seleccionada.',
  duplicateName: 'Ya existe un producto con ese nombre. Usa uno diferente.',
  childrenNotCreated: (reason: string) =>
    `Producto creado, pero no se pudieron crear sus datos iniciales (${reason}). La imagen principal y los datos generales se crearán al guardar.`,
  staleBaseline:
    'No se pudo comprobar qué quedó guardado tras el error. Para no duplicar datos, el producto no se guardará hasta poder cargarlo: vuelve a pulsar «Guardar» en unos segundos.',
  catalogueRetry: 'Reintentar',
} as const;

/**
 * The server's detail of a failure, shown apart from the spec's literal toast ('Error eliminando el producto'),
 * so the literal stays exact. '' when there is none worth showing.
 */
export const errorDetail = (error: unknown): string => {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const detail = message.trim();
  return detail && detail !== 'ra.notification.http_error' ? detail : '';
};

/** Load-failure reload delay (docs/requirements.md#r9-constants: 5000 ms). */
export const RELOAD_DELAY_MS = 5000;
