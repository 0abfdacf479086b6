import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { ExportColumn } from '../monitoring/xlsxExport.js';
import { attributeChanges, dayBefore, isoDay, type ChangeSpec } from './attributeChanges.js';

/** A listing's content attributes (fact_content: one row per product, channel and day). */
const LISTING_CONTENT: ChangeSpec = {
  table: 'fact_content',
  keys: ['product_id', 'channel_id'],
  attributes: [
    { label: 'Content Score', expr: 'f.content_score' },
    { label: 'Images', expr: 'f.image_count' },
    { label: 'Videos', expr: 'f.video_count' },
    { label: 'Bullet Points', expr: 'f.bullet_count' },
    { label: 'Title Length', expr: 'f.title_length' },
    { label: 'Description Length', expr: 'f.description_length' },
    { label: 'A+ Content', expr: 'f.aplus_content_compliant' },
    { label: 'FAQs', expr: 'f.faqs_compliant' },
  ],
};

/** A category's shelf on a channel (fact_category_rank, per category, channel and day). */
const CATEGORY_SHELF: ChangeSpec = {
  table: 'fact_category_rank',
  keys: ['category_id', 'channel_id'],
  grouped: true,
  attributes: [
    { label: 'Products Ranked', expr: 'COUNT(*)' },
    { label: 'Own Products Ranked', expr: 'SUM(CASE WHEN f.is_competitor = 0 THEN 1 ELSE 0 END)' },
    {
      label: 'Own Products In Top 10',
      expr: 'SUM(CASE WHEN f.is_competitor = 0 AND f.category_rank <= 10 THEN 1 ELSE 0 END)',
    },
    { label: 'Best Own Rank', expr: 'MIN(CASE WHEN f.is_competitor = 0 THEN f.category_rank END)' },
  ],
};

/** Default window: the 14 crawl days ending on the table's latest day. */
export const CHANGE_WINDOW_DAYS = 14;

export interface ChangeQuery {
  limit: number;
  offset: number;
  /** 1 (default): changes only; 0: then the entities without a change, after them. */
  changed_only?: number;
  start_date?: string;
  end_date?: string;
  channel_id?: string;
  brand_id?: string;
  category_id?: string;
  product_id?: string;
  is_competitor?: number;
}

const ids = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((t) => Number(t.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
const round = (n: number) => Math.round(n * 100) / 100;

async function windowOf(warehouse: Warehouse, table: string, groupId: number, q: ChangeQuery) {
  if (q.start_date && q.end_date) return { from: q.start_date, to: q.end_date };
  const [last] = await warehouse.query<{ d: unknown }>(
    `SELECT MAX(crawl_date) AS d FROM ${ident(table)} WHERE group_id = $1`,
    [groupId],
  );
  const to = last?.d ? isoDay(last.d) : new Date().toISOString().slice(0, 10);
  return { from: dayBefore(to, CHANGE_WINDOW_DAYS - 1), to };
}

async function names(warehouse: Warehouse, sql: string, groupId?: number) {
  const rows = await warehouse.query<{ id: number; name: string; code?: string }>(
    sql,
    groupId ? [groupId] : [],
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** One page of change rows (newest first), then, unless changed only, the unchanged entities. */
function page<T extends { changed: boolean }>(rows: T[], q: ChangeQuery) {
  return { rows: rows.slice(q.offset, q.offset + q.limit), total: rows.length };
}

/** The Change Detection grid's columns, as its export writes them (screens/changedetection/data). */
export const LISTING_CHANGE_COLUMNS: ExportColumn[] = [
  { field: 'change_date', header: 'Date Of Change', format: 'date' },
  { field: 'sku_name', header: 'Product' },
  { field: 'sku_code', header: 'SKU Code' },
  { field: 'channel_name', header: 'Channel' },
  { field: 'attribute', header: 'Attribute' },
  { field: 'before', header: 'Before' },
  { field: 'after', header: 'After' },
  { field: 'delta', header: 'Change' },
];

/** tracking/changedetection and the Change Detection screen: what changed on each listing. */
export async function listingChanges(warehouse: Warehouse, groupId: number, q: ChangeQuery) {
  const window = await windowOf(warehouse, 'fact_content', groupId, q);
  const where = {
    channel_id: ids(q.channel_id),
    brand_id: ids(q.brand_id),
    category_id: ids(q.category_id),
    product_id: ids(q.product_id),
    is_competitor: q.is_competitor === undefined ? [] : [q.is_competitor],
  };
  const found = await attributeChanges(warehouse, LISTING_CONTENT, { groupId, ...window, where });
  const products = await names(
    warehouse,
    'SELECT product_id AS id, sku_name AS name, sku_code AS code FROM dim_product WHERE group_id = $1',
    groupId,
  );
  const channels = await names(warehouse, 'SELECT channel_id AS id, channel_name AS name FROM dim_channel');
  const label = (k: Record<string, number>) => ({
    product_id: k.product_id,
    channel_id: k.channel_id,
    sku_name: products.get(k.product_id!)?.name ?? `Product ${k.product_id}`,
    sku_code: products.get(k.product_id!)?.code ?? '',
    channel_name: channels.get(k.channel_id!)?.name ?? `Channel ${k.channel_id}`,
  });
  return page(
    changeRows(found, label, q, (a, b) => a.sku_name.localeCompare(b.sku_name)),
    q,
  );
}

/** tracking/categorychangedetection: what changed on each category's shelf per channel. */
export async function categoryChanges(warehouse: Warehouse, groupId: number, q: ChangeQuery) {
  const window = await windowOf(warehouse, 'fact_category_rank', groupId, q);
  const where = { channel_id: ids(q.channel_id), category_id: ids(q.category_id) };
  const found = await attributeChanges(warehouse, CATEGORY_SHELF, { groupId, ...window, where });
  const categories = await names(
    warehouse,
    'SELECT category_id AS id, category_name AS name FROM dim_category WHERE group_id = $1',
    groupId,
  );
  const channels = await names(warehouse, 'SELECT channel_id AS id, channel_name AS name FROM dim_channel');
  const label = (k: Record<string, number>) => ({
    category_id: k.category_id,
    channel_id: k.channel_id,
    category_name: categories.get(k.category_id!)?.name ?? `Category ${k.category_id}`,
    channel_name: channels.get(k.channel_id!)?.name ?? `Channel ${k.channel_id}`,
  });
  return page(
    changeRows(found, label, q, (a, b) => a.category_name.localeCompare(b.category_name)),
    q,
  );
}

function changeRows<L extends { channel_name: string }>(
  found: Awaited<ReturnType<typeof attributeChanges>>,
  label: (k: Record<string, number>) => L,
  q: ChangeQuery,
  byName: (a: L, b: L) => number,
) {
  const key = (k: Record<string, number>) => Object.values(k).join('-');
  const changed = found.changes
    .map((c, i) => ({
      id: `${key(c.keys)}-${c.date}-${i}`,
      ...label(c.keys),
      changed: true,
      change_date: c.date,
      attribute: c.attribute,
      before: round(c.before),
      after: round(c.after),
      change: `${round(c.before)} → ${round(c.after)}`,
      delta: round(c.after - c.before),
    }))
    .sort(
      (a, b) =>
        b.change_date.localeCompare(a.change_date) || byName(a, b) || a.attribute.localeCompare(b.attribute),
    );
  if (q.changed_only !== 0) return changed;
  const seen = new Set(found.changes.map((c) => key(c.keys)));
  const unchanged = found.entities
    .filter((k) => !seen.has(key(k)))
    .map((k) => ({
      id: key(k),
      ...label(k),
      changed: false,
      change_date: null,
      attribute: 'No change',
      before: null,
      after: null,
      change: '',
      delta: null,
    }))
    .sort((a, b) => byName(a, b) || a.channel_name.localeCompare(b.channel_name));
  return [...changed, ...unchanged];
}
