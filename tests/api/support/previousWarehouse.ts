import { DuckDBInstance } from '@duckdb/node-api';
import { createReadStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The warehouse a previous release wrote (commit 7dd3044, demo of 10 SKUs over 7 days), kept as
 * DuckDB's own export: `schema.sql` and `load.sql` (paths as `{dir}`) and one Parquet file per
 * table. On PostgreSQL the same rows go into that release's PostgreSQL DDL (`.pg.sql`, from
 * pg_dump --schema-only), so both engines start from what that release left behind.
 */
const FIXTURE = path.resolve('tests/fixtures/upgrade/warehouse-7dd3044');
const PG_SCHEMA = `${FIXTURE}.pg.sql`;

/** The fixture's tables, each with its row count: what an upgrade must keep. */
const PREVIOUS_TABLES = readdirSync(FIXTURE)
  .filter((f) => f.endsWith('.parquet'))
  .map((f) => f.replace(/\.parquet$/, ''));

async function duckdb<T>(file: string, work: (run: (sql: string) => Promise<T[]>) => Promise<void>) {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    await work(async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJson() as T[]);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Writes the previous release's DuckDB warehouse file. */
export async function writePreviousDuckdb(file: string): Promise<void> {
  await duckdb(file, async (run) => {
    await run(readFileSync(path.join(FIXTURE, 'schema.sql'), 'utf8'));
    await run(readFileSync(path.join(FIXTURE, 'load.sql'), 'utf8').replaceAll('{dir}', FIXTURE));
  });
}

/** Fills an empty PostgreSQL database with the previous release's warehouse. */
export async function writePreviousPostgres(url: string, scratchDir: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(readFileSync(PG_SCHEMA, 'utf8'));
    mkdirSync(scratchDir, { recursive: true });
    // DuckDB reads each Parquet file into CSV with a header; COPY names the columns from it.
    await duckdb(':memory:', async (run) => {
      for (const table of PREVIOUS_TABLES) {
        const csv = path.join(scratchDir, `${table}.csv`);
        await run(`COPY (SELECT * FROM '${FIXTURE}/${table}.parquet') TO '${csv}' (HEADER)`);
        const header = readFileSync(csv, 'utf8').split('\n', 1)[0]!;
        const copy = client.query(
          copyFrom(`COPY public.${table} (${header}) FROM STDIN WITH (FORMAT csv, HEADER)`),
        );
        await pipeline(createReadStream(csv), copy);
      }
    });
  } finally {
    await client.end();
  }
}

/** Rows per table of the previous release's tables, read from a warehouse no server holds. */
export async function previousCounts(
  warehouse: { duckdbFile: string } | { pgUrl: string },
): Promise<Record<string, number>> {
  const sql = PREVIOUS_TABLES.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM ${t}`).join(
    ' UNION ALL ',
  );
  const rows: { t: string; n: number }[] = [];
  if ('duckdbFile' in warehouse) {
    await duckdb<{ t: string; n: number }>(warehouse.duckdbFile, async (run) => {
      rows.push(...(await run(sql)));
    });
  } else {
    const client = new pg.Client({ connectionString: warehouse.pgUrl });
    await client.connect();
    rows.push(...(await client.query<{ t: string; n: number }>(sql)).rows);
    await client.end();
  }
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}
