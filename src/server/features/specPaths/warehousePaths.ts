import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError } from '../../../shared/errors.js';
import { requireScreen } from './screenGuard.js';
import { queryValue } from './forward.js';
import { keywordSearchSchema, listSchema } from './specPathSchemas.js';

const SEARCH_LIMIT = 50;

/**
 * Spec paths with no generic route: each reads the warehouse for the caller's group only
 * (group_id = the session's group) behind the permission of the screen that shows it.
 */
export function registerWarehousePaths(app: FastifyInstance): void {
  const { warehouse } = app.deps;

  // catg/threshold: every category with its stored rank threshold and how many of its ranked
  // listings reach it; `within` counts the categories whose best listing reaches it.
  app.get(
    '/catg/threshold',
    { schema: listSchema("The group's categories, their rank threshold and the listings within it") },
    async (request) => {
      const { groupId } = requireScreen(request, 'category/kpi');
      const rows = await warehouse.query<Record<string, unknown>>(
        `SELECT d.category_id, d.category_name, d.rank_threshold,
              COUNT(f.category_rank) AS listings,
              COUNT(CASE WHEN f.category_rank <= d.rank_threshold THEN 1 END) AS within_threshold
         FROM dim_category d
         LEFT JOIN fact_category_rank f ON f.category_id = d.category_id AND f.group_id = d.group_id
        WHERE d.group_id = $1
        GROUP BY d.category_id, d.category_name, d.rank_threshold
        ORDER BY d.category_name`,
        [groupId],
      );
      const categories = rows.map((r) => ({
        category_id: Number(r.category_id),
        category_name: String(r.category_name),
        rank_threshold: Number(r.rank_threshold),
        listings: Number(r.listings),
        within_threshold: Number(r.within_threshold),
      }));
      return ok({
        total: categories.length,
        within: categories.filter((c) => c.within_threshold > 0).length,
        rows: categories,
      });
    },
  );

  // content/types: the content attributes the category-content upload accepts (the live
  // config's list) and how many of the group's categories set a minimum for each.
  app.get(
    '/content/types',
    { schema: listSchema('The content attributes and how many categories set a minimum for each') },
    async (request) => {
      const { groupId } = requireScreen(request, 'setup/typecontent');
      const upload = app.deps.config.current().screens.get('setup/typecontent')?.uploads?.[0];
      const column = upload?.columns.find((c) => 'field' in c && c.field === 'attribute');
      const names = column && 'allowed' in column ? (column.allowed ?? []) : [];
      const counts = await warehouse.query<{ attribute: string; categories: number }>(
        `SELECT attribute, COUNT(DISTINCT category_id) AS categories FROM setup_category_content
        WHERE group_id = $1 GROUP BY attribute`,
        [groupId],
      );
      const byName = new Map(counts.map((c) => [c.attribute, Number(c.categories)]));
      return ok(names.map((name, i) => ({ id: i + 1, name, categories: byName.get(String(name)) ?? 0 })));
    },
  );

  // keyword/product/search: the group's products found in search results for keywords that
  // contain the text, with their best position.
  app.get('/keyword/product/search', { schema: keywordSearchSchema }, async (request) => {
    const { groupId } = requireScreen(request, 'products/datamapper');
    const keyword = queryValue(request, 'keyword') ?? queryValue(request, 'search');
    if (!keyword) throw new BadRequestError('keyword is required');
    const rows = await warehouse.query<Record<string, unknown>>(
      `SELECT p.product_id, p.sku_name, p.sku_code, k.keyword, MIN(f.overall_position) AS best_position
         FROM fact_search f
         JOIN dim_keyword k ON k.keyword_id = f.keyword_id AND k.group_id = f.group_id
         JOIN dim_product p ON p.product_id = f.product_id AND p.group_id = f.group_id
        WHERE f.group_id = $1 AND LOWER(k.keyword) LIKE $2
        GROUP BY p.product_id, p.sku_name, p.sku_code, k.keyword
        ORDER BY best_position, p.sku_name
        LIMIT ${SEARCH_LIMIT}`,
      [groupId, `%${keyword.toLowerCase().replace(/[%_\\]/g, '')}%`],
    );
    return ok(
      rows.map((r) => ({
        product_id: Number(r.product_id),
        sku_name: String(r.sku_name),
        sku_code: String(r.sku_code),
        keyword: String(r.keyword),
        best_position: Number(r.best_position),
      })),
    );
  });
}
