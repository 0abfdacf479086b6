import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { ADMIN_ACTIVITIES as A } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity, requireUser } from '../../access/auth/guards.js';
import { gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import { ViewSettingsRepo, type ViewSettings } from '../../platform/store/viewSettingsRepo.js';

const VIEW = A.viewChanges.url;
const label = { type: 'string', minLength: 1, maxLength: 30, pattern: '\\S' } as const;
/** Currency icon classes the screens know (spec §3: default a rupee icon class). */
export const CURRENCY_SIGNS = ['fa fa-inr', 'fa fa-usd', 'fa fa-eur', 'fa fa-gbp'] as const;
const settingsBody = {
  type: 'object',
  required: ['mrp', 'selling_price', 'currencySign', 'images_type'],
  additionalProperties: false,
  properties: {
    mrp: { ...label, description: 'Label of the MRP' },
    selling_price: { ...label, description: 'Label of the selling price' },
    currencySign: { type: 'string', enum: CURRENCY_SIGNS },
    images_type: { type: 'integer', enum: [0, 1], description: '0 thumbnails, 1 full images' },
  },
} as const;

/** Spec `view/settings` (GET / POST / PUT), `get/currency`, and the settings/viewchanges grids. */
export function registerViewSettingsRoutes(app: FastifyInstance): void {
  const repo = new ViewSettingsRepo(app.deps.store.db);

  app.get('/view/settings', { schema: { response: objectAnswer } }, async (request) =>
    ok(await repo.current(requireAdminActivity(request, VIEW).groupId)),
  );
  // What every screen needs to print prices: any signed-in user of the group.
  app.get('/get/currency', { schema: { response: objectAnswer } }, async (request) => {
    const { updated_at: _, ...settings } = await repo.current(requireUser(request).groupId);
    return ok(settings);
  });

  for (const method of ['post', 'put'] as const)
    app[method]<{ Body: ViewSettings }>(
      '/view/settings',
      { schema: { body: settingsBody, response: objectAnswer } },
      async (request) => {
        const auth = requireAdminActivity(request, VIEW);
        const changed = await repo.save(auth.groupId, auth.userId, {
          ...request.body,
          mrp: request.body.mrp.trim(),
          selling_price: request.body.selling_price.trim(),
        });
        return ok(
          { changed },
          changed.length ? 'View Settings Updated Successfully' : 'No view setting was changed.',
        );
      },
    );

  app.get(
    '/view/settings/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => {
      const current = await repo.current(requireAdminActivity(request, VIEW).groupId);
      return ok({ rows: [{ id: 1, ...current }], total: 1 });
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/view/settings/changes/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => ok(await repo.changes(requireAdminActivity(request, VIEW).groupId, request.query)),
  );
}
