import type { FastifyPluginAsync } from 'fastify';
import type { ServerFeature } from '../../platform/feature.js';
import { adminRoutes } from './adminRoutes.js';
import { bulkUserRoutes } from './bulkUserRoutes.js';
import { userAdminRoutes } from './userAdminRoutes.js';
import { roleAdminRoutes } from './roleAdminRoutes.js';
import { groupAdminRoutes } from './groupAdminRoutes.js';
import { logAdminRoutes } from './logAdminRoutes.js';
import { platformStaffRoutes } from './platformStaffRoutes.js';
import { groupSubscriptionRoutes } from './groupSubscriptionRoutes.js';

// The admin side (docs/admin.md): each route checks its admin activity and the caller's groups.
// The auth plugin hangs its kit (mailer, secrets) on the app before any feature registers.
const routes: FastifyPluginAsync = async (app) => {
  for (const admin of [
    adminRoutes,
    bulkUserRoutes,
    userAdminRoutes,
    roleAdminRoutes,
    groupAdminRoutes,
    logAdminRoutes,
    platformStaffRoutes,
    groupSubscriptionRoutes,
  ])
    await app.register(admin(app.authKit));
};

/** Groups, users, roles and the client logs, for group admins; the staff flag and groups' subscriptions, for platform staff. */
export const adminFeature: ServerFeature = { name: 'admin', routes };
