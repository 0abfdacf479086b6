import type { ServerFeature } from '../../platform/feature.js';
import { viewsRoutes } from './viewsRoutes.js';
import * as savedViewsMigration from './savedViewsMigration.js';

/** Saved filter views per user and screen. */
export const savedViewsFeature: ServerFeature = {
  name: 'savedViews',
  routes: viewsRoutes,
  migrations: Object.freeze({ '050_saved_views': savedViewsMigration }),
};
