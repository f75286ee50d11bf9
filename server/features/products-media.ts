/**
 * Product files (docs/requirements.md#r7-api "Files"): POST /images-upload/{empresaId}/{nombre}/{fileName} and
 * /files-upload/{empresaId}/{nombre}/{fileName} (multipart, field `file`, at most 20 MB), GET
 * /procesar-imagenes?productos=A,B, and the stored files served back under /multimedia/{nombre}/{file}.
 * The product must belong to `empresaId`, a company the caller may see (403 otherwise; 404 when no product of
 * that company has the name). Refusals answer 413/415/422 with a Spanish message. The files need a token too
 * (header or `access_token` parameter) and a non-admin only gets their company's products' folders (404 else).
 */
import path from 'node:path';
import { inject } from '@loopback/core';
import { get, HttpErrors, param, post, Request, requestBody, Response, RestBindings } from '@loopback/rest';
import multer from 'multer';
import {
  MAX_UPLOAD_BYTES,
  PROCESS_IMAGES_PATH,
  UPLOAD_FIELD,
  extensionOf,
  isSafeFolderName,
  mediaFolder,
  safeFileName,
  uploadProblem,
  uploadTooLargeMessage,
  type ProcessImagesAnswer,
  type UploadAnswer,
  type UploadKind,
} from '../../src/core/productEditor/contract';
import { mediaTypeForFile } from '../../src/core/media';
import { principalProblem } from '../../src/core/productEditor/mediaRecords';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';
import { productByName, seesCompany } from './products/access';
import { MEDIA_ACCESS_MIDDLEWARE_OPTIONS, mediaAccessMiddleware } from './products/mediaAccess';
import { InvalidImageError, UploadStore } from './products/uploads';
import { requires } from '../auth/permiso';

const okJson = (description: string) => ({
  responses: { '200': { description, content: { 'application/json': { schema: { type: 'object' } } } } },
});

const MULTIPART = {
  description: `multipart/form-data with the file in the field '${UPLOAD_FIELD}'`,
  required: true,
  content: { 'multipart/form-data': { 'x-parser': 'stream', schema: { type: 'object' as const } } },
};

/** Multipart overhead allowed above the file size before refusing on Content-Length alone. */
const MULTIPART_SLACK = 1024 * 1024;

const withCode = (error: Error, code: string): Error => Object.assign(error, { code });

/** Reads the multipart body into memory (one file, ≤ MAX_UPLOAD_BYTES). */
function receiveFile(request: Request, response: Response, shownName: string): Promise<Express.Multer.File> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  }).single(UPLOAD_FIELD);
  return new Promise((resolve, reject) => {
    parse(request, response, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        // Whatever was not read is discarded, so the client gets the answer instead of a reset connection.
        request.resume();
        if (err.code === 'LIMIT_FILE_SIZE') {
          reject(
            withCode(new HttpErrors.PayloadTooLarge(uploadTooLargeMessage(shownName)), 'FILE_TOO_LARGE'),
          );
        } else {
          reject(
            withCode(
              new HttpErrors.BadRequest(
                `Envía un único fichero en el campo «${UPLOAD_FIELD}» (${err.message}).`,
              ),
              'INVALID_MULTIPART',
            ),
          );
        }
        return;
      }
      if (err) {
        request.resume();
        reject(
          withCode(
            new HttpErrors.BadRequest(`No se pudo leer el fichero enviado (${String(err)}).`),
            'INVALID_MULTIPART',
          ),
        );
        return;
      }
      const file = (request as Request & { file?: Express.Multer.File }).file;
      if (!file) {
        reject(
          withCode(
            new HttpErrors.BadRequest(`Falta el fichero en el campo «${UPLOAD_FIELD}».`),
            'MISSING_FILE',
          ),
        );
        return;
      }
      resolve(file);
    });
  });
}

export class ProductMediaController {
  private readonly store: UploadStore;

  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(FeatureBindings.UPLOADS_DIR) uploadsDir: string,
  ) {
    this.store = new UploadStore(uploadsDir);
  }

  private async upload(
    kind: UploadKind,
    empresaId: number,
    nombre: string,
    fileName: string,
    request: Request,
    response: Response,
  ): Promise<UploadAnswer> {
    const declared = Number(request.headers['content-length'] ?? 0);
    const stored = safeFileName(fileName);
    const problem = uploadProblem({ name: stored || fileName, size: 0 }, kind);
    let refusal: Error | undefined;
    if (declared > MAX_UPLOAD_BYTES + MULTIPART_SLACK) {
      refusal = withCode(new HttpErrors.PayloadTooLarge(uploadTooLargeMessage(fileName)), 'FILE_TOO_LARGE');
    } else if (problem) {
      refusal = withCode(new HttpErrors.UnsupportedMediaType(problem), 'FILE_TYPE_NOT_ALLOWED');
    } else if (!isSafeFolderName(nombre)) {
      refusal = withCode(
        new HttpErrors.UnprocessableEntity(
          `El nombre de producto «${nombre}» no se puede usar como carpeta.`,
        ),
        'INVALID_NAME',
      );
    }
    if (refusal) {
      request.resume();
      throw refusal;
    }
    try {
      await productByName(this.repos, this.access, empresaId, nombre);
    } catch (err) {
      request.resume();
      throw err;
    }
    const file = await receiveFile(request, response, fileName);
    const answer: UploadAnswer = {
      fichero: '',
      nombre: stored,
      formato: extensionOf(stored),
      tipo: mediaTypeForFile(stored),
      tamano: file.size,
    };
    if (kind === 'images') {
      try {
        await this.store.assertImage(file.buffer);
      } catch (err) {
        if (!(err instanceof InvalidImageError)) throw err;
        throw withCode(
          new HttpErrors.UnprocessableEntity(`El fichero «${fileName}» no es una imagen PNG o JPEG válida.`),
          'INVALID_IMAGE',
        );
      }
      answer.principal = await this.store.renderMainImage(nombre, stored, file.buffer);
    }
    answer.fichero = await this.store.save(nombre, stored, file.buffer);
    return answer;
  }

  @post('/images-upload/{empresaId}/{nombre}/{fileName}', {
    ...requires({ action: 'update', resource: 'producto-multimedias' }),
    ...okJson('The stored image and its 800x600 PNG'),
  })
  async uploadImage(
    @param.path.integer('empresaId') empresaId: number,
    @param.path.string('nombre') nombre: string,
    @param.path.string('fileName') fileName: string,
    @requestBody(MULTIPART) request: Request,
    @inject(RestBindings.Http.RESPONSE) response: Response,
  ): Promise<UploadAnswer> {
    return this.upload('images', empresaId, nombre, fileName, request, response);
  }

  @post('/files-upload/{empresaId}/{nombre}/{fileName}', {
    ...requires({ action: 'update', resource: 'producto-multimedias' }),
    ...okJson('The stored file'),
  })
  async uploadFile(
    @param.path.integer('empresaId') empresaId: number,
    @param.path.string('nombre') nombre: string,
    @param.path.string('fileName') fileName: string,
    @requestBody(MULTIPART) request: Request,
    @inject(RestBindings.Http.RESPONSE) response: Response,
  ): Promise<UploadAnswer> {
    return this.upload('files', empresaId, nombre, fileName, request, response);
  }

  /**
   * Renders the main image again for each product (comma-separated names): the 800x600 PNG of its principal
   * image record's file, which becomes the product's `imagen`.
   */
  @get(PROCESS_IMAGES_PATH, {
    ...requires({ action: 'update', resource: 'producto-multimedias' }),
    ...okJson('Products processed and failures'),
  })
  async procesarImagenes(@param.query.string('productos') productos?: string): Promise<ProcessImagesAnswer> {
    const names = [
      ...new Set(
        (productos ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    if (!names.length) {
      throw withCode(
        new HttpErrors.BadRequest(
          'required parameter was null or undefined when calling procesarImagenes: productos',
        ),
        'MISSING_PARAMETER',
      );
    }
    const answer: ProcessImagesAnswer = { procesados: [], errores: [] };
    const productosRepo = this.repos.repository('productos');
    const found = (await productosRepo.find({ where: { nombre: { inq: names } } })).filter((row) =>
      seesCompany(this.access, row.empresaId),
    );
    for (const nombre of names) {
      const product = found.find((row) => row.nombre === nombre);
      if (!product) {
        answer.errores.push({ producto: nombre, motivo: 'Producto no encontrado' });
        continue;
      }
      try {
        const source = await this.principalSource(Number(product.id), Number(product.empresaId));
        if (!source) {
          answer.errores.push({ producto: nombre, motivo: 'No tiene una imagen principal con fichero' });
          continue;
        }
        const data = await this.store.read(source);
        if (!data) {
          answer.errores.push({ producto: nombre, motivo: `No se encuentra el fichero ${source}` });
          continue;
        }
        const rendition = await this.store.renderMainImage(nombre, path.basename(source), data);
        await productosRepo.updateById(product.id, { imagen: rendition });
        answer.procesados.push(nombre);
      } catch (err) {
        answer.errores.push({ producto: nombre, motivo: (err as Error).message });
      }
    }
    return answer;
  }

  /**
   * Whether a stored path lies in the folder of a product of company `empresaId` (multimedia/{nombre}/…):
   * a media record naming another company's file never reaches it.
   */
  private async inCompanyFolder(fichero: string, empresaId: number): Promise<boolean> {
    const parts = path.posix.normalize(fichero.replace(/\\/g, '/')).split('/');
    const [root, nombre] = parts;
    if (parts.length < 3 || `${root}/${nombre}` !== mediaFolder(nombre) || parts.includes('..')) return false;
    const owners = await this.repos.repository('productos').find({ where: { nombre, empresaId }, limit: 1 });
    return owners.length > 0;
  }

  /**
   * The stored file of the product's principal image: an original when one exists, else the rendition; only
   * files inside the folders of the product's company count.
   */
  private async principalSource(productoId: number, empresaId: number): Promise<string | undefined> {
    const media = (await this.repos.repository('producto-multimedias').find({ where: { productoId } }))
      .map((row) => row.toObject())
      .filter((row) => row.tipo === 'Imagen' && typeof row.fichero === 'string' && row.fichero);
    const ranked = [...media].sort((a, b) => Number(b.principalSN === 'S') - Number(a.principalSN === 'S'));
    for (const row of ranked) {
      const fichero = String(row.fichero);
      const base = path.basename(fichero);
      if (!(await this.inCompanyFolder(fichero, empresaId))) continue;
      const original = /^\d+x\d+_/.test(base) ? undefined : fichero;
      if (original && this.store.exists(original)) return original;
      if (this.store.exists(fichero)) return fichero;
    }
    return undefined;
  }
}

/**
 * Serves the stored files behind the media gate (products/mediaAccess.ts: a valid token, and for a non-admin only
 * the folders of their company's products). html/svg are never accepted on upload and nosniff keeps types as
 * declared; no directory listing or redirect; private: the answers depend on who asks.
 */
function serveUploads(
  app: Parameters<Feature['register']>[0]['app'],
  root: string,
  repos: RepositorySet,
): void {
  app.middleware(mediaAccessMiddleware(repos), MEDIA_ACCESS_MIDDLEWARE_OPTIONS);
  app.static('/multimedia', path.join(root, 'multimedia'), {
    fallthrough: true,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Referrer-Policy', 'no-referrer');
    },
  });
}

export const feature: Feature = {
  name: 'products-media',
  register: ({ app, repositories }) => {
    app.controller(ProductMediaController);
    serveUploads(app, app.getSync(FeatureBindings.UPLOADS_DIR), repositories);
    // Only pictures can be principal (the product's imagen is the 800x600 PNG of its principal image): 422 on
    // principalSN, like LoopBack's own validation, for any create, replace or update (CSV import included).
    repositories.repository('producto-multimedias').addHooks({
      beforeWrite: async (row) => {
        const problem = principalProblem(row);
        if (problem) throw fieldErrors({ principalSN: problem }, 'principalImageOnly');
      },
    });
  },
};
