import type { ServerFeature } from '../../platform/feature.js';
import { routesOf } from '../../platform/feature.js';
import { registerSignInRoutes } from './signInRoutes.js';
import { registerMappingRoutes } from './mappingRoutes.js';
import { registerMappingScreenRoutes } from './mappingScreenRoutes.js';
import * as signInMigration from './signInMigration.js';

/**
 * Sign in with Microsoft (Entra ID, OpenID Connect): the spec's azure/session and azure/token,
 * and the staff's mappings of e-mail domains and tenants to groups.
 */
export const microsoftSignInFeature: ServerFeature = {
  name: 'microsoftSignIn',
  routes: routesOf(registerSignInRoutes, registerMappingRoutes, registerMappingScreenRoutes),
  migrations: Object.freeze({ '510_oidc_microsoft_sign_in': signInMigration }),
};
