/**
 * The answer of an ERP synchronisation (the /sincroniza… endpoints), shared by the reference API
 * (server/erp/sync.ts) and the app. Pure types.
 */
export type SyncState = 'OK' | 'PARCIAL' | 'ERROR' | 'VACIO';

export interface SyncFailure {
  tabla: string;
  registro: string;
  motivo: string;
}

export interface SyncSummary {
  estado: SyncState;
  mensaje: string;
  total: number;
  sincronizados: number;
  fallidos: number;
  errores: SyncFailure[];
}
