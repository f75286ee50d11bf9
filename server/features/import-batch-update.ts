/**
 * The import's batch write of changed rows: one request and one transaction per batch instead of one PATCH per
 * row.
 *
 *   POST /importacion/actualizar/{resource}   { empresaId, rows: [{ line, id, values }] }
 *     → { rows: [{ line, id }] }, or { rows: [], failed: { line, error } }
 *
 * Each row is a PATCH of the record `id` with `values` (the fields the import found changed), with everything a
 * PATCH of that row alone checks: the `update` permission, a record the caller may see (another company's
 * answers 404 ENTITY_NOT_FOUND), a company or parent the caller may write (403), the declared rules and the
 * write rules (422), unique keys (ER_DUP_ENTRY); the product history records the writes as the import's
 * (X-Origen), one version per product. The rows are read once and the rules run set-based
 * (SchemaRepository.updateMany). Any refusal undoes the whole batch and names the row (`failed.line`, null when
 * the database refused the batch as a whole): the import then sends that batch row by row. Tables keyed by a
 * pair of fields (compositeKey) have no ids to name: 400, their rows go one by one.
 */
import { inject } from '@loopback/core';
import { EntityNotFoundError, type AnyObject } from '@loopback/repository';
import { HttpErrors, param, post, requestBody } from '@loopback/rest';
import type { ResourceSchema } from '../../src/resources/types';
import type { AccessService } from '../auth/access';
import { AuthBindings, type CompanyAccess, type CurrentUser } from '../auth/keys';
import { signedIn } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import type { IdType } from '../repositories';
import { inTransaction } from '../transaction';
import { recordingBatch } from './history/recorder';
import {
  assertValidBodies,
  atRow,
  BatchCompanyRules,
  errorBody,
  IMPORT_SCHEMAS,
  importTarget,
  rowIndexOf,
  rowsBody,
} from './import/batch';

interface UpdateRow {
  line: number;
  id: IdType;
  values: AnyObject;
}

export class ImportBatchUpdateController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(AuthBindings.ACCESS) private readonly accessService: AccessService,
    @inject(AuthBindings.CURRENT_USER) private readonly user: CurrentUser,
    @inject(IMPORT_SCHEMAS) private readonly schemas: readonly ResourceSchema[],
  ) {}

  @post('/importacion/actualizar/{resource}', signedIn())
  async updateBatch(
    @param.path.string('resource') resource: string,
    @requestBody(rowsBody(true))
    body: { empresaId?: number; rows: UpdateRow[] },
  ): Promise<{ rows: { line: number; id: unknown }[]; failed?: { line: number | null; error: AnyObject } }> {
    const { repo, schema } = await importTarget(
      this.repos,
      this.access,
      this.accessService,
      this.user,
      resource,
      body.empresaId,
      ['update'],
    );
    if (schema.compositeKey) {
      // its rows are named by the key pair (PATCH ?where), not by an id
      throw new HttpErrors.BadRequest(
        `La tabla ${resource} se identifica por ${schema.compositeKey.join(' y ')}: sus filas se actualizan una a una.`,
      );
    }
    const idField = schema.idField ?? 'id';
    const rows = body.rows.map((row) => {
      const values: AnyObject = { ...(row.values ?? {}) };
      delete values[idField];
      return { line: row.line, id: row.id, values };
    });
    try {
      await assertValidBodies(
        repo,
        rows.map((row) => row.values),
        'update',
      );
      const company = new BatchCompanyRules(this.repos, schema, this.access, this.schemas);
      const visible = await company.visibleIds(rows.map((row) => row.id));
      const hidden = rows.findIndex((row) => !visible.has(String(row.id)));
      if (hidden >= 0) throw atRow(new EntityNotFoundError(schema.model, rows[hidden].id), hidden);
      await company.assertWritable(
        rows.map((row) => row.values),
        false,
      );
      await inTransaction(repo.dataSource, (options) =>
        recordingBatch(this.repos, options, () =>
          repo.updateMany(
            rows.map((row) => ({ id: row.id, data: row.values })),
            options,
          ),
        ),
      );
      return { rows: rows.map((row) => ({ line: row.line, id: row.id })) };
    } catch (error) {
      const index = rowIndexOf(error);
      return {
        rows: [],
        failed: { line: index === undefined ? null : (rows[index]?.line ?? null), error: errorBody(error) },
      };
    }
  }
}

export const feature: Feature = {
  name: 'import-batch-update',
  register: ({ app, registry }) => {
    app.bind(IMPORT_SCHEMAS).to(registry);
    app.controller(ImportBatchUpdateController);
  },
};
