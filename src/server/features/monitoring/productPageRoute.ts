import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { NotFoundError } from '../../../shared/errors.js';
import type { ProductPage } from '../../../shared/screenApi.js';
import { requireUser } from '../../access/auth/guards.js';
import { answers } from '../../platform/http/schemaKit.js';

const query = {
  type: 'object',
  required: ['product_id'],
  additionalProperties: false,
  properties: { product_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/**
 * GET product/page/data?product_id= (docs/product-spec.md §API): a product's pages on its
 * channels (dim_listing's product_url), which the grids' image preview links to. Only a product
 * of the caller's group is found: another group's id answers 404, as an unknown one does.
 */
export function registerProductPageRoute(app: FastifyInstance): void {
  app.get<{ Querystring: { product_id: number } }>(
    '/product/page/data',
    { schema: { querystring: query, response: answers() } },
    async (request) => {
      const auth = requireUser(request);
      const rows = await app.deps.warehouse.query<{
        sku_name: string;
        channel_id: number | null;
        channel_name: string | null;
        product_url: string | null;
      }>(
        `SELECT p.sku_name, l.channel_id, c.channel_name, l.product_url
         FROM dim_product p
         LEFT JOIN dim_listing l ON l.product_id = p.product_id AND l.group_id = p.group_id
         LEFT JOIN dim_channel c ON c.channel_id = l.channel_id
         WHERE p.product_id = $1 AND p.group_id = $2
         ORDER BY c.channel_name`,
        [request.query.product_id, auth.groupId],
      );
      if (rows.length === 0) throw new NotFoundError('Product not found');
      const page: ProductPage = {
        productId: request.query.product_id,
        skuName: rows[0]!.sku_name,
        pages: rows
          .filter((r) => r.product_url && r.channel_id !== null)
          .map((r) => ({
            channelId: Number(r.channel_id),
            channelName: r.channel_name ?? '',
            url: r.product_url!,
          })),
      };
      return ok(page);
    },
  );
}
