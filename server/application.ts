/**
 * The reference LoopBack 4 API: everything generated from the resource registry (models, repositories,
 * CRUD routes), plus auth, /config.json and the built app as static files.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BindingScope } from '@loopback/core';
import { RestApplication, RestBindings } from '@loopback/rest';
import type { Middleware } from '@loopback/express';
import { registry, withSchemas } from '../src/resources/registry';
import type { ResourceSchema } from '../src/resources/types';
import { AccessService } from './auth/access';
import { AdminGuard, adminGuardInterceptor } from './auth/admin-guard';
import { defineAccessController } from './auth/access-controller';
import { AuthController } from './auth/auth-controller';
import { AuthBindings } from './auth/keys';
import { AUTHENTICATION_MIDDLEWARE_OPTIONS, authenticationMiddleware } from './auth/middleware';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottleConfig } from './auth/throttle';
import { TokenService } from './auth/tokens';
import { UserService } from './auth/users';
import { companyScopeOf, scopedRepository } from './company';
import { defineKeyedDeleteControllers } from './composite-routes';
import { ConfigController } from './config-controller';
import { defineOpenApiController } from './openapi-controller';
import { appHeaders } from './security-headers';
import { defineCrudController, type CrudRepo } from './crud-controllers';
import { createDataSource } from './datasource';
import { buildModels } from './models';
import { createRepositories, type RepositorySet } from './repository-set';
import { FeatureBindings, discoverFeatures, runBeforeServing } from './feature';
import { ErpBindings, SimulatedErp, type ErpAdapter } from './erp/adapter';
import { demoData, seedIfEmpty } from './seed-loader';
import { rejectWithCodes } from './error-answers';
import { importLegacyFile } from './store/legacy-import';
import { isMigrated, migrationFingerprint, recordMigration } from './store/migration-state';
import { markSearchTextReady, prepareSearchTexts, searchTextTables } from './store/search-text';
import {
  DEFAULT_STATEMENT_LIMIT_MS,
  limitMysqlReads,
  limitPostgresStatements,
  type PostgresPoolHolder,
} from './store/statement-limit';
import { templateFile } from './store/template';
import { serveBuiltApp } from './static-app';
import { ANSWER_FRONT_MIDDLEWARE_OPTIONS, answerFront } from './answer-front';
import { corsOptions, replaceRestCors } from './cors';
import { inFlightRequests } from './in-flight';
import { RestRouter } from './router';

export interface ServerOptions {
  /** Port to listen on; 0 picks a free one. Default 8000. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** mysql://… → MySQL/MariaDB, postgres://… → PostgreSQL; otherwise the embedded database (PGlite). */
  databaseUrl?: string;
  /** The embedded database's folder (DATA_DIR); undefined = in memory only (tests). */
  dataDir?: string;
  /** Insert the demo data on first start (no empresas yet). Default true. */
  seed?: boolean;
  /** Folder of the built app, served at '/'. */
  staticDir?: string;
  /** HS256 secret; default: random per process (tokens die with the process). */
  jwtSecret?: string;
  /** Default 3600. */
  accessTokenTtlSeconds?: number;
  /** Default 7 days. */
  refreshTokenTtlSeconds?: number;
  /** Absolute session lifetime: no refresh this long after the sign-in. Default 12 h. */
  sessionTtlSeconds?: number;
  /** Sign-in throttling (failures before delays and lock, delay, lock duration); defaults in auth/throttle.ts. */
  loginThrottle?: Partial<ThrottleConfig>;
  /** Origins allowed to call the API from a browser (CORS); none: same origin only. */
  corsOrigins?: readonly string[];
  /** Serve /openapi.json to anyone (default: signed-in admins only). */
  publicOpenApi?: boolean;
  /** Largest JSON body accepted (body-parser size, e.g. '1mb', the default). */
  jsonBodyLimit?: string;
  /** Whether admins may create accounts through POST /auth/signup. Default true. */
  signup?: boolean;
  /** The ERP seam; default: the simulated Business Central configured from the environment. */
  erp?: ErpAdapter;
  /**
   * Resources declared outside the registry (a schema is all it takes): they get models, repositories, CRUD
   * routes and company scoping like every registry resource; one named like a registry resource replaces it
   * (e.g. products with one more field). Used by the low-code proof tests.
   */
  extraSchemas?: readonly ResourceSchema[];
  /** Uploaded files (product media). Default: 'uploads' in dataDir, else a temporary folder. */
  uploadsDir?: string;
  /**
   * Time limit of a database statement, ms (0: none): reads on MySQL/MariaDB, every statement on a PostgreSQL
   * server, none on the embedded database (store/statement-limit.ts). Default 30 s.
   */
  statementLimitMs?: number;
}

export interface RunningServer {
  app: RestApplication;
  url: string;
  /** The generated repositories (for in-process callers and tests). */
  repositories: RepositorySet;
  /** Called if the database goes away while the API runs (the embedded database process ended). */
  onStoreLost(listener: (message: string) => void): void;
  stop(): Promise<void>;
}

const SEVEN_DAYS = 7 * 24 * 3600;
/** How long a stop waits for the requests under way before it closes the database. */
const STOP_GRACE_MS = 10_000;

/** ServerOptions.uploadsDir, else 'uploads' in the data folder, else a fresh temporary folder. */
const uploadsDirFor = (opts: ServerOptions): string =>
  opts.uploadsDir ??
  (opts.dataDir ? path.join(opts.dataDir, 'uploads') : mkdtempSync(path.join(tmpdir(), 'pim-uploads-')));

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const schemas: readonly ResourceSchema[] = withSchemas(registry, opts.extraSchemas ?? []);
  const seed = opts.seed !== false;
  const statementLimitMs = opts.statementLimitMs ?? DEFAULT_STATEMENT_LIMIT_MS;
  const store = await createDataSource({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir,
    // A new embedded database starts from the one these declarations and this seed gave last time.
    template: opts.databaseUrl ? undefined : templateFile({ schemas, demo: seed ? demoData() : null }),
  });
  try {
    const models = buildModels(schemas);
    const repositories = createRepositories(schemas, models, store.dataSource);

    const app = new RestApplication({
      rest: {
        port: opts.port ?? 8000,
        host: opts.host ?? '127.0.0.1',
        // JSON bodies are small (uploads are multipart with their own limit): 413 above this.
        requestBodyParser: { json: { limit: opts.jsonBodyLimit ?? '1mb' } },
        expressSettings: { 'x-powered-by': false },
        // Browsers may call the API from these origins only (none: same origin only).
        cors: corsOptions(opts.corsOrigins),
        // The OpenAPI document is served by OpenApiController (admins only, or public when enabled).
        openApiSpec: { disabled: true },
      },
    });
    // LoopBack builds the request body parser, and with it an instance of each of its five parsers, anew for
    // every request (GET included): they hold only their options, so one of each serves every request — built
    // in the REST server's context, where those options (requestBodyParser above) are bound.
    app.getBinding(RestBindings.REQUEST_BODY_PARSER).inScope(BindingScope.SERVER);
    // LoopBack's router without its per-request debug formatting of the route found (router.ts).
    app.bind(RestBindings.ROUTER).toClass(RestRouter).inScope(BindingScope.SINGLETON);
    // Error answers: the database's 503 and 507 also answer their code (error-answers.ts).
    app
      .bind(RestBindings.SequenceActions.REJECT)
      .toDynamicValue(async ({ context }) =>
        rejectWithCodes(
          await context.get(RestBindings.SequenceActions.LOG_ERROR),
          await context.get(RestBindings.ERROR_WRITER_OPTIONS, { optional: true }),
        ),
      )
      .inScope(BindingScope.SERVER);

    const access = new AccessService(repositories);
    app.bind(AuthBindings.ACCESS).to(access);
    const tokens = new TokenService(
      {
        secret: opts.jwtSecret ?? randomBytes(32).toString('hex'),
        accessTtlSeconds: opts.accessTokenTtlSeconds ?? 3600,
        refreshTtlSeconds: opts.refreshTokenTtlSeconds ?? SEVEN_DAYS,
        sessionTtlSeconds: opts.sessionTtlSeconds,
      },
      repositories.refreshTokens,
    );
    app.bind(AuthBindings.TOKENS).to(tokens);
    app.bind(AuthBindings.THROTTLE).to(new LoginThrottle({ ...DEFAULT_THROTTLE, ...opts.loginThrottle }));
    // Only an admin writes the admin role, its permisos, admin users and credentials (auth/admin-guard.ts).
    app.interceptor(adminGuardInterceptor(new AdminGuard(access), tokens), {
      global: true,
      source: 'route',
      key: 'interceptors.pim.adminGuard',
    });
    // Once per request, from the stored user (roles may change while a token lives).
    app
      .bind(AuthBindings.COMPANY_ACCESS)
      .toDynamicValue(async ({ context }) =>
        access.accessOf(await context.get(AuthBindings.CURRENT_USER, { optional: true })),
      )
      .inScope(BindingScope.REQUEST);

    const schemaOf = (name: string): ResourceSchema | undefined =>
      schemas.find((s) => s.name === name || s.aliases?.includes(name));
    const repositoryOf = (s: ResourceSchema): CrudRepo | undefined =>
      s.view ? repositories.views.get(s.name) : repositories.repository(s.name);
    for (const schema of schemas) {
      const model = models.bySchema.get(schema.name);
      if (!model) continue;
      const key = `repositories.${schema.model}`;
      const repo: CrudRepo | undefined = schema.view
        ? repositories.views.get(schema.name)
        : repositories.repository(schema.name);
      app.bind(key).to(repo);
      // Company-scoped schemas: the controllers get the repository as the current user may see it.
      const scope = companyScopeOf(schema, schemas);
      let controllerKey = key;
      if (scope && repo) {
        controllerKey = `${key}.companyScoped`;
        app
          .bind(controllerKey)
          .toDynamicValue(async ({ context }) =>
            scopedRepository(
              schema,
              scope,
              repo,
              await context.get(AuthBindings.COMPANY_ACCESS),
              repositoryOf,
            ),
          )
          .inScope(BindingScope.TRANSIENT);
      }
      for (const path of [schema.name, ...(schema.aliases ?? [])]) {
        const spec = { schema, model, path, repositoryKey: controllerKey, schemaOf };
        const crud = defineCrudController(spec);
        app.controller(crud, crud.name);
        for (const keyed of defineKeyedDeleteControllers(spec)) app.controller(keyed, keyed.name);
      }
    }

    const inFlight = inFlightRequests();
    app.middleware(answerFront(inFlight), ANSWER_FRONT_MIDDLEWARE_OPTIONS);
    app
      .bind(AuthBindings.USERS)
      .to(new UserService(repositories.repository('usuarios'), { signup: opts.signup ?? true }));
    app.middleware(authenticationMiddleware(tokens, access) as Middleware, AUTHENTICATION_MIDDLEWARE_OPTIONS);
    app.controller(AuthController);
    app.controller(defineAccessController(models.bySchema.get('permisos')!), 'AccessController');
    app.controller(ConfigController);
    app.controller(defineOpenApiController(opts.publicOpenApi === true));
    app.bind(FeatureBindings.REPOSITORIES).to(repositories);
    app.bind(FeatureBindings.UPLOADS_DIR).to(uploadsDirFor(opts));
    app.bind(ErpBindings.ADAPTER).to(opts.erp ?? SimulatedErp.fromEnv());
    for (const feature of discoverFeatures()) {
      await feature.register({ app, repositories, models, registry: schemas });
    }
    if (opts.staticDir) serveBuiltApp(app, opts.staticDir, appHeaders(opts.corsOrigins));

    // Tables, columns and indexes from the declarations, and the search triggers, on every engine — unless this
    // build already migrated this database (store/migration-state.ts). Before the legacy import and the seed:
    // their rows get their search texts as they are written.
    const searchTables = searchTextTables(schemas);
    const fingerprint = migrationFingerprint(schemas, store.engine);
    if (await isMigrated(store.dataSource, fingerprint)) markSearchTextReady(store.dataSource, searchTables);
    else {
      const tables = [
        ...repositories.repositories.values(),
        ...repositories.joinRepositories.values(),
        repositories.refreshTokens,
        repositories.generationClaims,
      ].map((r) => r.entityClass.definition.name);
      await store.dataSource.autoupdate(tables);
      // A MySQL that refuses triggers searches without them: migrated again at the next start.
      if (await prepareSearchTexts(store.dataSource, store.engine, searchTables)) {
        await recordMigration(store.dataSource, fingerprint);
      }
    }
    if (!store.prepared) {
      if (opts.dataDir && store.engine === 'embedded') {
        await importLegacyFile(opts.dataDir, store.dataSource, repositories);
      }
      if (seed) await seedIfEmpty(repositories, store.dataSource);
      await store.saveTemplate();
    }

    // e.g. the demo pictures: the files exist once the API answers (features/demo-images.ts)
    await runBeforeServing(app);
    // from here on, statements have a time limit (the start's migration and seeding have none)
    if (store.engine === 'mysql') await limitMysqlReads(store.dataSource, statementLimitMs);
    if (store.engine === 'postgres') {
      limitPostgresStatements(store.dataSource.connector as PostgresPoolHolder, statementLimitMs);
    }
    replaceRestCors(app, corsOptions(opts.corsOrigins));
    await app.start();
    const url = (app.restServer.url ?? '').replace(/\/\/(0\.0\.0\.0|\[::\])(?=:)/, '//127.0.0.1');
    return {
      app,
      url,
      repositories,
      onStoreLost: (listener) => store.onLost(listener),
      async stop() {
        await app.stop();
        await inFlight.settled(STOP_GRACE_MS);
        await store.close();
      },
    };
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}
