import { createHash } from 'node:crypto';
import type { DatasetConfig, LostSalesModel } from '../../../shared/config.gen.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { TENANT_KEY } from '../../platform/warehouse/schema/tenantKey.js';
import { WAREHOUSE_VIEWS } from '../../platform/warehouse/schema/views.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import {
  demandJoinSql,
  LOST_SALES_DEFAULTS,
  lostSalesRowsSql,
  outSql,
  weightSql,
  type LostSalesScope,
} from './lostSalesRows.js';

/**
 * Lost sales' inputs kept in the warehouse (docs/metrics.md, Lost sales): per model, a table
 * `lost_sales_<hash>` with lostSalesRows.ts's rows for every tenant, listing and day, written
 * after each load (refreshLostSales) so a query reads them with a plain join instead of computing
 * medians over months of history. The hash covers the model and DEFINITION: a changed model or
 * definition is a new table, built on first use; `lost_sales_tables` lists them with their model,
 * so a loader refreshes them without the config.
 * Definition 2 adds each listing-day's totals over its stock rows (TOTAL_COLUMNS); definition 3
 * keeps them in a table of their own, per listing-day and value of the stock rows' attributes.
 */
const DEFINITION = 3;
const REGISTRY = 'lost_sales_tables';

/** The model with its defaults, keys in one order: the same model declared twice is one table. */
function canonical(m: LostSalesModel): LostSalesModel {
  return {
    listing: m.listing,
    city: m.city,
    stock: { ...m.stock },
    sales: { ...m.sales },
    price: { ...m.price },
    ...(m.cityDemand ? { cityDemand: { ...m.cityDemand } } : {}),
    availableShare: m.availableShare ?? LOST_SALES_DEFAULTS.availableShare,
    historyDays: m.historyDays ?? LOST_SALES_DEFAULTS.historyDays,
    lookbackDays: m.lookbackDays ?? LOST_SALES_DEFAULTS.lookbackDays,
  };
}

export function lostSalesTable(m: LostSalesModel): string {
  const key = JSON.stringify([DEFINITION, canonical(m)]);
  return `lost_sales_${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
}

/** The totals table beside a model's table (one naming rule for every reader and writer). */
const totalsTableOf = (table: string): string => `${table}_totals`;

/**
 * The table of the listing-day totals (TOTAL_COLUMNS) of the model's table: a row per listing,
 * day and value of the stock rows' attributes (`stock.attributes`: brand, category), written with
 * the model's table.
 */
export function lostSalesTotalsTableOf(m: LostSalesModel): string {
  return totalsTableOf(lostSalesTable(m));
}

const COLUMNS = ['__day', '__weights', '__w', '__exposure', '__baseline', '__price'];

/**
 * A listing-day's sums over its stock rows (one per city) of the figures lostSales.ts computes
 * per stock row: units, rupees, out-of-stock and unknown days, and the weights when a city was
 * out, per value of the rows' attributes. A query over whole listing-days (no city in its filters
 * or keys) sums these instead of joining every stock row (query/listingDayTotals.ts): the same
 * sums, grouped first.
 */
export const TOTAL_COLUMNS = {
  units: '__units',
  rupees: '__rupees',
  outDays: '__out_days',
  unknownDays: '__unknown_days',
  weights: '__weights_used',
} as const;

function columns(m: LostSalesModel): string {
  return [TENANT_KEY, ...m.listing, ...COLUMNS].map(ident).join(', ');
}

const attributesOf = (m: LostSalesModel): readonly string[] => m.stock.attributes ?? [];

function totalsColumns(m: LostSalesModel): string {
  return [TENANT_KEY, ...m.listing, ...attributesOf(m), '__day', ...Object.values(TOTAL_COLUMNS)]
    .map(ident)
    .join(', ');
}

/**
 * The totals of the model's rows `r` (its table, just written) over their stock rows `s`, each
 * stock row's figure written as lostSales.ts writes it over a stock row (exposure = weight x out /
 * the listing-day's weight; units = baseline x exposure, 0 where nothing was out), grouped by
 * listing-day and the stock rows' attributes.
 */
function totalsSql(
  table: string,
  m: LostSalesModel,
  scope: LostSalesScope,
  add: (v: unknown) => string,
): string {
  const s = m.stock;
  const key = [TENANT_KEY, ...m.listing].map(ident);
  const attributes = attributesOf(m).map((c) => `s.${ident(c)}`);
  const exposure = `(${weightSql(m, 's', 'dm', 'r.__weights')} * ${outSql(m, 's')} / r.__w)`;
  const units = `CASE WHEN ${exposure} = 0 THEN 0 ELSE r.__baseline * ${exposure} END`;
  const t = TOTAL_COLUMNS;
  // The scope on both sides: a planner does not carry it across the join.
  const where = [
    ...(scope.groupId === null
      ? []
      : [`r.${ident(TENANT_KEY)} = ${add(scope.groupId)}`, `s.${ident(TENANT_KEY)} = ${add(scope.groupId)}`]),
    ...(scope.from === null
      ? []
      : [
          `r.__day >= CAST(${add(scope.from)} AS DATE)`,
          `s.${ident(s.dateColumn)} >= CAST(${add(scope.from)} AS DATE)`,
        ]),
  ];
  const group = [...key.map((c) => `r.${c}`), ...attributes, 'r.__day'];
  return `SELECT ${group.join(', ')},
  SUM(${units}) AS ${t.units}, SUM(${units} * r.__price) AS ${t.rupees},
  SUM(CASE WHEN r.__baseline IS NOT NULL THEN ${exposure} ELSE 0 END) AS ${t.outDays},
  SUM(CASE WHEN r.__baseline IS NULL THEN ${exposure} ELSE 0 END) AS ${t.unknownDays},
  MIN(CASE WHEN ${exposure} > 0 THEN r.__weights END) AS ${t.weights}
FROM ${ident(table)} r
JOIN ${ident(s.table)} s ON ${key.map((c) => `s.${c} = r.${c}`).join(' AND ')} AND s.${ident(s.dateColumn)} = r.__day${demandJoinSql(m, 's', 'dm', `s.${ident(TENANT_KEY)}`)}${where.length ? `\nWHERE ${where.join(' AND ')}` : ''}
GROUP BY ${group.join(', ')}`;
}

/**
 * Replaces the scope's rows of the model's table and of its totals (one transaction: readers see
 * the old rows or the new, never none): the rows first, then their totals from them.
 */
function refreshStatements(table: string, m: LostSalesModel, scope: LostSalesScope): WarehouseStatement[] {
  const scoped = (name: string): WarehouseStatement => {
    const del: unknown[] = [];
    const where = [
      ...(scope.groupId === null ? [] : [`${ident(TENANT_KEY)} = $${del.push(scope.groupId)}`]),
      ...(scope.from === null ? [] : [`__day >= CAST($${del.push(scope.from)} AS DATE)`]),
    ];
    return {
      sql: `DELETE FROM ${ident(name)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      params: del,
    };
  };
  const bind = () => {
    const params: unknown[] = [];
    return { params, add: (v: unknown) => (params.push(v), `$${params.length}`) };
  };
  const rows = bind();
  const totals = bind();
  const totalsTable = totalsTableOf(table);
  return [
    scoped(table),
    scoped(totalsTable),
    // In day order: DuckDB skips row groups by their min/max day, so a week's join reads a week's
    // rows however long the history (a listing-ordered table was read whole).
    {
      sql: `INSERT INTO ${ident(table)} (${columns(m)})\nSELECT * FROM (${lostSalesRowsSql(m, scope, rows.add)}) r\nORDER BY r.__day`,
      params: rows.params,
    },
    {
      sql: `INSERT INTO ${ident(totalsTable)} (${totalsColumns(m)})\n${totalsSql(table, m, scope, totals.add)}\nORDER BY r.__day`,
      params: totals.params,
    },
  ];
}

async function tableExists(wh: Warehouse, table: string): Promise<boolean> {
  const rows = await wh.query(
    'SELECT 1 AS x FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  );
  return rows.length > 0;
}

const ensured = new WeakMap<Warehouse, Map<string, Promise<void>>>();

/**
 * Creates and fills the model's table when the warehouse has none, once per warehouse object
 * (the query path calls it before each query that joins it).
 */
export function ensureLostSalesTable(wh: Warehouse, m: LostSalesModel): Promise<void> {
  const table = lostSalesTable(m);
  let tables = ensured.get(wh);
  if (!tables) ensured.set(wh, (tables = new Map<string, Promise<void>>()));
  let done = tables.get(table);
  if (!done) {
    done = createTable(wh, table, m);
    tables.set(table, done);
    done.catch(() => tables.delete(table));
  }
  return done;
}

/**
 * At server start, before the demo loads: every lost-sales model of the config gets its table, so
 * loads keep it and no first query waits for it to be built.
 */
export async function ensureLostSalesTables(wh: Warehouse, datasets: Iterable<DatasetConfig>): Promise<void> {
  for (const ds of datasets)
    for (const m of ds.measures ?? []) if (m.kind === 'lostSales') await ensureLostSalesTable(wh, m.model);
}

/**
 * PostgreSQL: a period's rows by tenant and day. The listing key index cannot serve a query that
 * names no listing, and without this one a week's join read the whole history's rows.
 */
function dayIndexSql(table: string): string {
  return `CREATE INDEX IF NOT EXISTS ${ident(`${table}_day`)} ON ${ident(table)} (${ident(TENANT_KEY)}, __day)`;
}

/** Tables made before the day index had none. */
async function ensureDayIndex(wh: Warehouse, table: string): Promise<void> {
  if (wh.dialect === 'postgres') await wh.exec(dayIndexSql(table));
}

async function createTable(wh: Warehouse, table: string, m: LostSalesModel): Promise<void> {
  await wh.exec(
    `CREATE TABLE IF NOT EXISTS ${REGISTRY} (table_name VARCHAR PRIMARY KEY, model VARCHAR NOT NULL)`,
  );
  if (await tableExists(wh, table)) return ensureDayIndex(wh, table);
  // Column types from the stock table's own (listing keys, attributes, day); the figures are doubles.
  const s = m.stock;
  const t = TOTAL_COLUMNS;
  const doubles = (names: readonly string[]) =>
    names.map((c) => `CAST(NULL AS DOUBLE PRECISION) AS ${c}`).join(', ');
  const stockColumns = (names: readonly string[]) => names.map((c) => `s.${ident(c)}`).join(', ');
  const create = `CREATE TABLE ${ident(table)} AS SELECT ${stockColumns([TENANT_KEY, ...m.listing])}, s.${ident(
    s.dateColumn,
  )} AS __day, CAST(NULL AS VARCHAR) AS __weights, ${doubles(['__w', '__exposure', '__baseline', '__price'])} FROM ${ident(s.table)} s WHERE 1 = 0`;
  const totalsTable = lostSalesTotalsTableOf(m);
  const createTotals = `CREATE TABLE ${ident(totalsTable)} AS SELECT ${stockColumns([
    TENANT_KEY,
    ...m.listing,
    ...attributesOf(m),
  ])}, s.${ident(s.dateColumn)} AS __day, ${doubles([t.units, t.rupees, t.outDays, t.unknownDays])}, CAST(NULL AS VARCHAR) AS ${t.weights} FROM ${ident(s.table)} s WHERE 1 = 0`;
  await analyze(wh, sourceTables(m));
  const statements: WarehouseStatement[] = [
    ...guard(wh),
    { sql: create },
    { sql: createTotals },
    ...refreshStatements(table, m, { groupId: null, from: null }).slice(2),
    { sql: `INSERT INTO ${REGISTRY} VALUES ($1, $2)`, params: [table, JSON.stringify(canonical(m))] },
  ];
  if (wh.dialect === 'postgres')
    statements.splice(
      3,
      0,
      {
        sql: `CREATE INDEX ${ident(`${table}_key`)} ON ${ident(table)} (${[TENANT_KEY, ...m.listing, '__day'].map(ident).join(', ')})`,
      },
      { sql: dayIndexSql(table) },
      { sql: dayIndexSql(totalsTable) },
    );
  try {
    await wh.transaction(statements);
  } catch (error) {
    // Another instance created it first.
    if (await tableExists(wh, table)) return;
    throw error;
  }
  if (wh.dialect === 'postgres') await wh.exec(`ANALYZE ${ident(table)}, ${ident(totalsTable)}`);
}

/** The model reads `table`: as its stock, sales or price table, or through a view over it (v_sales). */
function reads(m: LostSalesModel, table: string): boolean {
  return [m.stock.table, m.sales.table, m.price.table].some(
    (t) =>
      t === table || WAREHOUSE_VIEWS.some((v) => v.name === t && new RegExp(`\\b${table}\\b`).test(v.select)),
  );
}

export interface LostSalesRefresh {
  /** First day the load changed (a day's figures read only itself and days before it); absent: all. */
  from?: string;
  /** Tables the load wrote: only models reading one of them are refreshed; absent: every model. */
  written?: readonly string[];
}

/**
 * After a load of stock, sales or prices: recomputes a tenant's rows of every lost-sales table
 * whose model reads what the load wrote, from the first day it changed. Every writer of those
 * tables calls it after its write (docs/warehouse.md, Lost sales).
 */
export async function refreshLostSales(
  wh: Warehouse,
  groupId: number,
  load: LostSalesRefresh = {},
): Promise<void> {
  if (!(await tableExists(wh, REGISTRY))) return;
  const tables = await wh.query<{ table_name: string; model: string }>(
    `SELECT table_name, model FROM ${REGISTRY}`,
  );
  for (const { table_name: table, model } of tables) {
    const m = JSON.parse(model) as LostSalesModel;
    // A table of an older DEFINITION has other columns; its model's table of this one is listed too.
    if (table !== lostSalesTable(m)) continue;
    if (load.written && !load.written.some((t) => reads(m, t))) continue;
    if (!(await tableExists(wh, table))) continue;
    // A whole tenant recomputed after a load: its sources' statistics first (a fresh load has
    // none, and PostgreSQL then took over 10 minutes instead of 5 s on the demo tenant).
    if (!load.from) await analyze(wh, sourceTables(m));
    await wh.transaction([
      ...guard(wh),
      ...refreshStatements(table, m, { groupId, from: load.from ?? null }),
    ]);
    if (!load.from) await analyze(wh, [table, totalsTableOf(table)]);
  }
}

/** The model's tables, a view as the fact tables it reads. */
function sourceTables(m: LostSalesModel): string[] {
  const names = [m.stock.table, m.sales.table, m.price.table].flatMap((t) => {
    const view = WAREHOUSE_VIEWS.find((v) => v.name === t);
    return view ? (view.select.match(/\bfact_\w+/g) ?? []) : [t];
  });
  return [...new Set(names)];
}

async function analyze(wh: Warehouse, tables: readonly string[]): Promise<void> {
  if (wh.dialect === 'postgres') await wh.exec(`ANALYZE ${tables.map(ident).join(', ')}`);
}

/**
 * PostgreSQL: no nested loops for the rows' joins (each side is a grouped step of thousands of
 * rows; under a bad estimate a nested loop ran for minutes), for this transaction only.
 */
function guard(wh: Warehouse): WarehouseStatement[] {
  return wh.dialect === 'postgres' ? [{ sql: 'SET LOCAL enable_nestloop = off' }] : [];
}
