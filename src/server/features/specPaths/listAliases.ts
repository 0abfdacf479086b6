import type { FastifyInstance } from 'fastify';
import { forward } from './forward.js';
import { aliasOf } from './specPathSchemas.js';

/** The spec's list calls and the route (same query) each one reads. */
const LISTS = {
  // The user menu's Reports: the group's report files.
  reports: 's3/data/list',
  // The user menu's sent mails: the group's report-mailer deliveries (admin only, as there).
  sentMail: 'report-mailer-runs',
  // A product (product_id): its pages on its channels.
  product: 'product/page/data',
} as const;

/** The spec's plain list paths as GET aliases of the routes that serve them. */
export function registerListAliases(app: FastifyInstance): void {
  for (const [path, target] of Object.entries(LISTS))
    app.get(`/${path}`, { schema: aliasOf(`GET ${target}`) }, (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return forward(app, request, reply, `${target}${query}`);
    });
}
