import type { ServerFeature } from '../../platform/feature.js';
import { routesOf } from '../../platform/feature.js';
import { registerSupportRoutes } from './supportRoutes.js';
import * as supportMigration from './supportMigration.js';

/** Feedback & Support: requests stored as tickets, mailed to support, closed by platform staff. */
export const supportFeature: ServerFeature = {
  name: 'support',
  routes: routesOf(registerSupportRoutes),
  migrations: Object.freeze({ '460_support_tickets': supportMigration }),
};
