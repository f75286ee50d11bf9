/**
 * Custom endpoints plug in as features: each `server/features/<name>.ts` exports `feature: Feature`. They are
 * discovered at start (no shared list to edit) and registered after the generated CRUD routes, behind the same
 * authentication middleware. Controllers get the repositories with `@inject(FeatureBindings.REPOSITORIES)` and
 * the caller's company access with `@inject(AuthBindings.COMPANY_ACCESS)`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BindingKey } from '@loopback/core';
import type { RestApplication } from '@loopback/rest';
import type { ResourceSchema } from '../src/resources/types';
import type { ModelSet } from './models';
import type { RepositorySet } from './repository-set';

export interface FeatureContext {
  app: RestApplication;
  repositories: RepositorySet;
  models: ModelSet;
  registry: readonly ResourceSchema[];
}

export interface Feature {
  name: string;
  register(context: FeatureContext): void | Promise<void>;
}

export const FeatureBindings = {
  REPOSITORIES: BindingKey.create<RepositorySet>('pim.repositories'),
  /** The folder uploaded files are stored in (ServerOptions.uploadsDir). */
  UPLOADS_DIR: BindingKey.create<string>('pim.uploadsDir'),
};

/** Start-up work that must be done before the API answers its first request. */
export type StartUpWork = () => Promise<void>;
const BEFORE_SERVING = BindingKey.create<StartUpWork[]>('pim.beforeServing');

/**
 * Runs `work` at start, finished before the API answers its first request (runBeforeServing). `app.onStart`
 * observers run after the REST server has started listening.
 */
export function beforeServing(app: RestApplication, work: StartUpWork): void {
  if (!app.isBound(BEFORE_SERVING)) app.bind(BEFORE_SERVING).to([]);
  app.getSync(BEFORE_SERVING).push(work);
}

/** Runs the features' start-up work (in registration order); the caller starts the server after it. */
export async function runBeforeServing(app: RestApplication): Promise<void> {
  for (const work of app.isBound(BEFORE_SERVING) ? app.getSync(BEFORE_SERVING) : []) await work();
}

/** The features compiled next to this file, in file-name order. */
export function discoverFeatures(dir = path.join(__dirname, 'features')): Feature[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => /\.(js|ts)$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !(file.endsWith('.ts') && files.includes(file.replace(/\.ts$/, '.js'))))
    .sort()
    .map((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const module = require(path.join(dir, file)) as { feature?: Feature };
      if (!module.feature) throw new Error(`server/features/${file} does not export a feature`);
      return module.feature;
    });
}
