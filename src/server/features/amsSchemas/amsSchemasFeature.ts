import type { ServerFeature } from '../../platform/feature.js';
import { amsSchemaRoutes } from './amsSchemaRoutes.js';
import * as amsSchemasMigration from './amsSchemasMigration.js';

/** Advertising (AMS) model schemas. */
export const amsSchemasFeature: ServerFeature = {
  name: 'amsSchemas',
  routes: amsSchemaRoutes,
  migrations: Object.freeze({ '191_ams_schemas': amsSchemasMigration }),
};
