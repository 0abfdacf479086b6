import type { DatasetConfig } from '../../../shared/config.gen.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { MAX_ALERTS_PER_RULE, type AlertKind } from './alertKinds.js';
import type { AlertRuleRow, NewAlert } from './alertRepo.js';
import { findAnomalies } from './anomalyFinder.js';

interface Day {
  latest: string | null;
  previous: string | null;
}

/** The newest day of a fact table for the group, and the day before it that has rows. */
async function daysOf(wh: Warehouse, table: string, column: string, groupId: number): Promise<Day> {
  const [top] = await wh.query<{ d: string | null }>(
    `SELECT MAX(${column}) AS d FROM ${table} WHERE group_id = $1`,
    [groupId],
  );
  const latest = top?.d ?? null;
  if (!latest) return { latest: null, previous: null };
  const [prev] = await wh.query<{ d: string | null }>(
    `SELECT MAX(${column}) AS d FROM ${table} WHERE group_id = $1 AND ${column} < CAST($2 AS DATE)`,
    [groupId, latest],
  );
  return { latest, previous: prev?.d ?? null };
}

type Row = Record<string, string | number>;
type Finder = (wh: Warehouse, rule: AlertRuleRow, day: Day) => Promise<NewAlert[]>;

/** `AND t.channel_id = $n` when the rule watches one channel. */
function channelClause(rule: AlertRuleRow, params: unknown[]): string {
  if (rule.channel_id === null) return '';
  params.push(rule.channel_id);
  return ` AND t.channel_id = $${params.length}`;
}

function alert(rule: AlertRuleRow, day: string, subject: string, title: string, message: string): NewAlert {
  return {
    groupId: rule.group_id,
    ruleId: rule.id,
    kind: rule.kind,
    dedupKey: `${rule.id}:${subject}:${day}`,
    title,
    message,
    observedOn: day,
  };
}

const LIMIT = `LIMIT ${MAX_ALERTS_PER_RULE}`;

/** Own SKU in stock the day before, out of stock now, in a city of a channel. */
const outOfStock: Finder = async (wh, rule, day) => {
  if (!day.latest || !day.previous) return [];
  const params: unknown[] = [rule.group_id, day.latest, day.previous];
  const rows = await wh.query<Row>(
    `SELECT t.product_id, p.sku_name, t.channel_id, c.channel_name, t.city_id, ci.city_name
       FROM fact_stock t
       JOIN fact_stock y ON y.group_id = t.group_id AND y.product_id = t.product_id
        AND y.channel_id = t.channel_id AND y.city_id = t.city_id
        AND y.crawl_date = CAST($3 AS DATE) AND y.stock_status = 1
       JOIN dim_product p ON p.product_id = t.product_id
       JOIN dim_channel c ON c.channel_id = t.channel_id
       JOIN dim_city ci ON ci.city_id = t.city_id
      WHERE t.group_id = $1 AND t.crawl_date = CAST($2 AS DATE) AND t.stock_status = 0
        AND t.is_competitor = 0${channelClause(rule, params)}
      ORDER BY t.product_id, t.channel_id, t.city_id ${LIMIT}`,
    params,
  );
  return rows.map((r) =>
    alert(
      rule,
      day.latest!,
      `${r.product_id}:${r.channel_id}:${r.city_id}`,
      `Out of stock: ${r.sku_name}`,
      `${r.sku_name} went out of stock on ${r.channel_name} in ${r.city_name} (${day.latest}).`,
    ),
  );
};

/** Own SKU newly sold outside its price rule (below the minimum: an undercut). */
const priceViolation: Finder = async (wh, rule, day) => {
  if (!day.latest) return [];
  const params: unknown[] = [rule.group_id, day.latest];
  const rows = await wh.query<Row>(
    `SELECT t.product_id, p.sku_name, t.channel_id, c.channel_name,
            MIN(t.selling_price) AS price, MIN(t.rule_min_price) AS min_price, COUNT(*) AS cities
       FROM fact_price t
       JOIN dim_product p ON p.product_id = t.product_id
       JOIN dim_channel c ON c.channel_id = t.channel_id
      WHERE t.group_id = $1 AND t.crawl_date = CAST($2 AS DATE) AND t.is_competitor = 0
        AND t.violation_type IN (1, 2, 3) AND t.is_new_violation = 1${channelClause(rule, params)}
      GROUP BY t.product_id, p.sku_name, t.channel_id, c.channel_name
      ORDER BY COUNT(*) DESC, t.product_id, t.channel_id ${LIMIT}`,
    params,
  );
  return rows.map((r) =>
    alert(
      rule,
      day.latest!,
      `${r.product_id}:${r.channel_id}`,
      `Price violation: ${r.sku_name}`,
      `${r.sku_name} sells at ${Number(r.price).toFixed(2)} on ${r.channel_name}` +
        (r.min_price === null ? '' : ` (rule minimum ${Number(r.min_price).toFixed(2)})`) +
        ` in ${Number(r.cities)} cities (${day.latest}).`,
    ),
  );
};

/** Own SKU whose content score fell by at least the rule's threshold since the day before. */
const contentDrop: Finder = async (wh, rule, day) => {
  if (!day.latest || !day.previous) return [];
  const params: unknown[] = [rule.group_id, day.latest, day.previous, rule.threshold ?? 10];
  const rows = await wh.query<Row>(
    `SELECT t.product_id, p.sku_name, t.channel_id, c.channel_name,
            y.content_score AS before_score, t.content_score AS after_score
       FROM fact_content t
       JOIN fact_content y ON y.group_id = t.group_id AND y.product_id = t.product_id
        AND y.channel_id = t.channel_id AND y.crawl_date = CAST($3 AS DATE)
       JOIN dim_product p ON p.product_id = t.product_id
       JOIN dim_channel c ON c.channel_id = t.channel_id
      WHERE t.group_id = $1 AND t.crawl_date = CAST($2 AS DATE) AND t.is_competitor = 0
        AND y.content_score - t.content_score >= $4${channelClause(rule, params)}
      ORDER BY y.content_score - t.content_score DESC, t.product_id ${LIMIT}`,
    params,
  );
  return rows.map((r) =>
    alert(
      rule,
      day.latest!,
      `${r.product_id}:${r.channel_id}`,
      `Content score drop: ${r.sku_name}`,
      `${r.sku_name} on ${r.channel_name}: content score ${Number(r.before_score).toFixed(0)} → ${Number(r.after_score).toFixed(0)} (${day.latest}).`,
    ),
  );
};

/** Own SKU on page 1 for a keyword the day before and not on page 1 now. */
const searchRankLoss: Finder = async (wh, rule, day) => {
  if (!day.latest || !day.previous) return [];
  const params: unknown[] = [rule.group_id, day.latest, day.previous];
  const rows = await wh.query<Row>(
    `SELECT t.product_id, p.sku_name, t.channel_id, c.channel_name, t.keyword_id, k.keyword,
            MIN(t.position) AS position
       FROM fact_search t
       JOIN dim_product p ON p.product_id = t.product_id
       JOIN dim_channel c ON c.channel_id = t.channel_id
       JOIN dim_keyword k ON k.keyword_id = t.keyword_id
      WHERE t.group_id = $1 AND t.crawl_date = CAST($3 AS DATE) AND t.page = 1
        AND t.is_competitor = 0${channelClause(rule, params)}
        AND NOT EXISTS (SELECT 1 FROM fact_search n
                         WHERE n.group_id = t.group_id AND n.crawl_date = CAST($2 AS DATE) AND n.page = 1
                           AND n.product_id = t.product_id AND n.keyword_id = t.keyword_id
                           AND n.channel_id = t.channel_id)
      GROUP BY t.product_id, p.sku_name, t.channel_id, c.channel_name, t.keyword_id, k.keyword
      ORDER BY MIN(t.position), t.product_id, t.keyword_id ${LIMIT}`,
    params,
  );
  return rows.map((r) =>
    alert(
      rule,
      day.latest!,
      `${r.product_id}:${r.channel_id}:${r.keyword_id}`,
      `Lost page 1: ${r.sku_name}`,
      `${r.sku_name} fell off page 1 for "${r.keyword}" on ${r.channel_name} (was position ${Number(r.position)}; ${day.latest}).`,
    ),
  );
};

/** New 1–2 star reviews of own SKUs on the newest review day. */
const lowRatingReviews: Finder = async (wh, rule, day) => {
  if (!day.latest) return [];
  const params: unknown[] = [rule.group_id, day.latest];
  const rows = await wh.query<Row>(
    `SELECT t.product_id, p.sku_name, t.channel_id, c.channel_name, COUNT(*) AS reviews, MIN(t.rating) AS worst
       FROM fact_review t
       JOIN dim_product p ON p.product_id = t.product_id
       JOIN dim_channel c ON c.channel_id = t.channel_id
      WHERE t.group_id = $1 AND t.review_date = CAST($2 AS DATE) AND t.is_competitor = 0
        AND t.rating <= 2${channelClause(rule, params)}
      GROUP BY t.product_id, p.sku_name, t.channel_id, c.channel_name
      ORDER BY COUNT(*) DESC, t.product_id ${LIMIT}`,
    params,
  );
  return rows.map((r) =>
    alert(
      rule,
      day.latest!,
      `${r.product_id}:${r.channel_id}`,
      `Low rating: ${r.sku_name}`,
      `${Number(r.reviews)} new ${Number(r.worst)}-star review${Number(r.reviews) === 1 ? '' : 's'} of ${r.sku_name} on ${r.channel_name} (${day.latest}).`,
    ),
  );
};

const FINDERS: Record<Exclude<AlertKind, 'anomaly'>, { table: string; column: string; find: Finder }> = {
  out_of_stock: { table: 'fact_stock', column: 'crawl_date', find: outOfStock },
  price_violation: { table: 'fact_price', column: 'crawl_date', find: priceViolation },
  content_drop: { table: 'fact_content', column: 'crawl_date', find: contentDrop },
  search_rank_loss: { table: 'fact_search', column: 'crawl_date', find: searchRankLoss },
  low_rating_review: { table: 'fact_review', column: 'review_date', find: lowRatingReviews },
};

/**
 * The alerts the group's active rules find in the warehouse's newest day (compared with the day
 * before; an anomaly rule, with its measure's weeks before). Pure reads: deduplication is the
 * store's unique key when they are raised.
 */
export async function evaluateAlerts(
  wh: Warehouse,
  groupId: number,
  rules: readonly AlertRuleRow[],
  datasets: ReadonlyMap<string, DatasetConfig> = new Map(),
): Promise<NewAlert[]> {
  const days = new Map<string, Day>();
  const out: NewAlert[] = [];
  for (const rule of rules) {
    if (rule.status !== 'Active') continue;
    if (rule.kind === 'anomaly') {
      out.push(...(await findAnomalies(wh, rule, datasets)));
      continue;
    }
    if (!(rule.kind in FINDERS)) continue;
    const finder = FINDERS[rule.kind as keyof typeof FINDERS];
    let day = days.get(finder.table);
    if (!day) {
      day = await daysOf(wh, finder.table, finder.column, groupId);
      days.set(finder.table, day);
    }
    out.push(...(await finder.find(wh, rule, day)));
  }
  return out;
}
