import type { FastifyInstance } from 'fastify';
import { fail } from '../../../shared/envelope.js';
import { forward } from './forward.js';
import { bulkStatusSchema, errorExportSchema, templateAliasOf, uploadAliasOf } from './specPathSchemas.js';

/** The spec's upload calls and the declared upload (screens/) each one is: area/screen/upload. */
const UPLOADS = {
  'import/sales/data': 'sales/channelsales/sales',
  'promotion/import/excel': 'promo/plan/promotionPlan',
  'import/contentinfo': 'setup/content/productContent',
  'upload/manual/report': 'manualUploads/uploadReports/reportRows',
} as const;

/** The spec's template downloads. */
const TEMPLATES = {
  'promotion/data/file': 'promo/plan/promotionPlan',
  'productContent/template': 'setup/content/productContent',
} as const;

const PROMOTION_PLAN = 'uploads/promo/plan/promotionPlan';
const PRODUCT_DATA = 'uploads/products/data/productData';

/**
 * The spec's upload paths as aliases of uploads/{area}/{screen}/{upload} (uploadRoutes.ts):
 * the same multipart body, checks, all-or-nothing load and audit.
 */
export function registerUploadAliases(app: FastifyInstance): void {
  for (const [path, upload] of Object.entries(UPLOADS))
    app.post(`/${path}`, { schema: uploadAliasOf(`uploads/${upload}`) }, (request, reply) =>
      forward(app, request, reply, `uploads/${upload}`),
    );
  for (const [path, upload] of Object.entries(TEMPLATES))
    app.get(`/${path}`, { schema: templateAliasOf(`uploads/${upload}`) }, (request, reply) =>
      forward(app, request, reply, `uploads/${upload}/template`),
    );

  // A promotion upload's error file: the run named by runId, else the caller's latest run's.
  app.get<{ Querystring: { runId?: number } }>(
    '/promo/error/export',
    { schema: errorExportSchema },
    async (request, reply) => {
      const errorsOf = (runId: number) =>
        forward(app, request, reply, `${PROMOTION_PLAN}/runs/${runId}/errors`);
      if (request.query.runId !== undefined) return errorsOf(request.query.runId);
      const runs = await app.inject({
        method: 'GET',
        url: `/api/v1/${PROMOTION_PLAN}/runs?limit=1&offset=0`,
        headers: request.headers.cookie ? { cookie: request.headers.cookie } : {},
      });
      // Refused (no session, no permission): the caller gets the generic route's answer.
      if (runs.statusCode !== 200) return reply.status(runs.statusCode).send(runs.json());
      const [latest] = runs.json<{ data: { id: number }[] }>().data;
      if (!latest) return reply.status(404).send(fail('No such upload'));
      return errorsOf(latest.id);
    },
  );

  // The status of bulk product adds: the product data upload's runs, newest first.
  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/products/add/bulk/status',
    { schema: bulkStatusSchema },
    (request, reply) => {
      const { limit, offset } = request.query;
      return forward(app, request, reply, `${PRODUCT_DATA}/runs?limit=${limit}&offset=${offset}`);
    },
  );
}
