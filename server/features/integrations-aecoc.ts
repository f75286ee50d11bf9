/**
 * AECOC endpoints (docs/requirements.md#r7-api "AECOC"): the file of the company's products with enviarAecoc = 'S' is written to
 * the local outbox and, when an FTP server is configured (aecoc/ftp.ts), uploaded there.
 * - GET /enviarAECOC, GET /enviarAECOCmanual/{email}/{password} (those credentials for this one upload only:
 *   never stored, never logged) → 200 {estado OK|ERROR|VACIO, mensaje, fichero, productos, subido, destino};
 *   each run adds a logsnavs row (tabla 'aecoc'). With no FTP configured /enviarAECOC keeps the file in the
 *   local outbox: estado OK (the file was generated) but subido false and destino 'local' — nothing reached
 *   AECOC, and the app says so. The manual send answers every failure as estado ERROR (never a 5xx, whose
 *   log line would carry the URL), and the app's error logger masks that route anyway (aecoc/mask.ts).
 * - GET /obtenerarchivoslocalesAecoc → the company's files in the outbox.
 * - GET /obtenerrespuestaAECOCFTP → the FTP server's response files with their text (424 when it fails).
 */
import { inject } from '@loopback/core';
import { get, HttpErrors, param, RestBindings } from '@loopback/rest';
import { aecocFile, aecocFileName } from '../aecoc/file';
import { maskedLogError, maskSecrets } from '../aecoc/mask';
import {
  fetchResponses,
  ftpConfigFromEnv,
  ftpReason,
  listLocal,
  outboxDir,
  saveLocal,
  uploadFile,
  type FtpConfig,
  type LocalFile,
  type ResponseFile,
} from '../aecoc/ftp';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { companyFor } from '../erp/scope';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet, RowOf } from '../repository-set';
import { requires } from '../auth/permiso';
import { SEND_AECOC } from '../../src/core/apiPermisos';

export interface AecocResult {
  estado: 'OK' | 'ERROR' | 'VACIO';
  mensaje: string;
  fichero: string | null;
  productos: number;
  /** Uploaded to the FTP server (false: only in the local outbox, or failed). */
  subido: boolean;
  /** Where the file went: 'ftp' (uploaded), 'local' (outbox only: no FTP configured), null (no file sent). */
  destino: 'ftp' | 'local' | null;
}

export const AECOC_EMPTY = 'No hay productos marcados para enviar a AECOC';
const NO_FTP = 'No hay servidor FTP de AECOC configurado';
export const AECOC_LOCAL_ONLY = 'no se ha enviado a AECOC (FTP no configurado)';
const OUTBOX_ERROR = 'No se pudo guardar el fichero AECOC en la carpeta local';

export class IntegrationsAecocController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repositories: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  private async log(nivel: 'INFO' | 'ERROR', registro: string, mensaje: string): Promise<void> {
    await this.repositories
      .repository('logsnavs')
      .create({ fecha: new Date(), tabla: 'aecoc', registro: registro.slice(0, 255), nivel, mensaje });
  }

  private async send(empresaId: number, ftp: FtpConfig | undefined): Promise<AecocResult> {
    const products = await this.repositories
      .repository('productos')
      .find({ where: { and: [{ empresaId }, { enviarAecoc: 'S' }] }, order: ['nombre ASC'] });
    if (!products.length) {
      await this.log('INFO', '', AECOC_EMPTY);
      return {
        estado: 'VACIO',
        mensaje: AECOC_EMPTY,
        fichero: null,
        productos: 0,
        subido: false,
        destino: null,
      };
    }
    const generals = await this.repositories
      .repository('producto-generals')
      .find({ where: { productoId: { inq: products.map((p) => p.id) } }, order: ['id ASC'] });
    const byProduct = new Map<number, RowOf<'producto-generals'>>();
    for (const g of generals)
      if (!byProduct.has(Number(g.productoId))) byProduct.set(Number(g.productoId), g);
    const name = aecocFileName(empresaId);
    const content = aecocFile(
      products.map((product) => ({ product, general: byProduct.get(Number(product.id)) })),
    );
    const base = { fichero: name, productos: products.length };
    let local: string;
    try {
      local = await saveLocal(outboxDir(), name, content);
    } catch (err) {
      // Never the path or the system message with it: a clear reason, logged, and nothing presented as sent.
      const code = (err as { code?: unknown }).code;
      const mensaje = `${OUTBOX_ERROR}${typeof code === 'string' ? ` (${code})` : ''}. El fichero ${name} no se ha enviado.`;
      await this.log('ERROR', name, mensaje);
      return { estado: 'ERROR', mensaje, ...base, subido: false, destino: null };
    }
    if (!ftp) {
      const mensaje = `Fichero ${name} generado en la carpeta local con ${products.length} productos; ${AECOC_LOCAL_ONLY}`;
      await this.log('INFO', name, mensaje);
      return { estado: 'OK', mensaje, ...base, subido: false, destino: 'local' };
    }
    try {
      await uploadFile(ftp, local, name);
    } catch (err) {
      const reason = ftpReason(err);
      await this.log('ERROR', name, reason);
      return {
        estado: 'ERROR',
        mensaje: `${reason}. El fichero ${name} no se ha enviado.`,
        ...base,
        subido: false,
        destino: null,
      };
    }
    const mensaje = `Fichero ${name} enviado a AECOC con ${products.length} productos`;
    await this.log('INFO', name, mensaje);
    return { estado: 'OK', mensaje, ...base, subido: true, destino: 'ftp' };
  }

  @get('/enviarAECOC', requires(SEND_AECOC))
  async enviarAECOC(@param.query.integer('empresaId') empresaId?: number): Promise<AecocResult> {
    return this.send(companyFor(this.access, empresaId), ftpConfigFromEnv());
  }

  @get('/enviarAECOCmanual/{email}/{password}', requires(SEND_AECOC))
  async enviarAECOCmanual(
    @param.path.string('email') email: string,
    @param.path.string('password') password: string,
    @param.query.integer('empresaId') empresaId?: number,
  ): Promise<AecocResult> {
    // The caller's company: a 400/403 (never logged: only 5xx are) for a company they may not use.
    const company = companyFor(this.access, empresaId);
    const failed = (mensaje: string): AecocResult => ({
      estado: 'ERROR',
      mensaje,
      fichero: null,
      productos: 0,
      subido: false,
      destino: null,
    });
    const configured = ftpConfigFromEnv();
    if (!configured) return failed(`${NO_FTP}: no se ha enviado nada`);
    try {
      return await this.send(company, { ...configured, user: email, password });
    } catch (err) {
      // Whatever failed (the datastore, the log…), the spec's answer: never a 5xx with this URL in the log.
      const reason = maskSecrets(err instanceof Error ? err.message : String(err), [email, password]);
      return failed(`No se pudo enviar a AECOC: ${reason}`);
    }
  }

  @get('/obtenerarchivoslocalesAecoc', requires(SEND_AECOC))
  async obtenerarchivoslocalesAecoc(
    @param.query.integer('empresaId') empresaId?: number,
  ): Promise<LocalFile[]> {
    const company = companyFor(this.access, empresaId);
    return (await listLocal(outboxDir())).filter((f) => f.nombre.startsWith(`AECOC_${company}_`));
  }

  @get('/obtenerrespuestaAECOCFTP', requires(SEND_AECOC))
  async obtenerrespuestaAECOCFTP(): Promise<ResponseFile[]> {
    companyFor(this.access);
    const ftp = ftpConfigFromEnv();
    if (!ftp) throw Object.assign(new HttpErrors.Conflict(NO_FTP), { code: 'AECOC_FTP_NOT_CONFIGURED' });
    try {
      return await fetchResponses(ftp);
    } catch (err) {
      throw Object.assign(new HttpErrors.FailedDependency(ftpReason(err)), { code: 'AECOC_FTP_ERROR' });
    }
  }
}

export const feature: Feature = {
  name: 'integrations-aecoc',
  register: ({ app }) => {
    // LoopBack's error logger, masking the manual route's credentials (the default prints the whole URL).
    app.bind(RestBindings.SequenceActions.LOG_ERROR).to(maskedLogError());
    app.controller(IntegrationsAecocController);
  },
};
