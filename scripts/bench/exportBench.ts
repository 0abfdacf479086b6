import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createWarehouse } from '../../src/server/platform/warehouse/createWarehouse.js';
import { writeReportCsv } from '../../src/server/features/reports/writeReportCsv.js';
import { writeReportXlsx } from '../../src/server/features/reports/writeReportXlsx.js';
import type { ExportColumn } from '../../src/server/features/monitoring/xlsxExport.js';

const ROWS = 1_000_000;
/** The target: an export of any size grows the process by less than this. */
const RSS_LIMIT_MB = 300;
const COLUMNS: ExportColumn[] = [
  { field: 'sku_code', header: 'SKU Code', format: 'text' },
  { field: 'sku_name', header: 'SKU Name', format: 'text' },
  { field: 'city', header: 'City', format: 'text' },
  { field: 'price', header: 'Selling Price', format: 'currency' },
  { field: 'stock', header: 'Listed', format: 'integer' },
  { field: 'availability_pct', header: 'Availability %', format: 'percent' },
];

/**
 * Export jobs' writers on 1M rows streamed from an embedded DuckDB warehouse (the job's own
 * path: warehouse.stream -> writeReportXlsx / writeReportCsv -> file), rows/s and the peak RSS
 * growth over the process's RSS before the export, sampled every 20 ms.
 */
export async function benchExports(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-export-bench-'));
  const wh = await createWarehouse({ DATA_DIR: dir, WAREHOUSE_URL: '' });
  try {
    await wh.query(`CREATE TABLE bench_rows AS SELECT i::INTEGER AS id, 'SKU' || i AS sku_code,
      'Product name number ' || i || ' 500 g pack' AS sku_name, 'City ' || (i % 40) AS city,
      (100 + (i % 900) / 7.0)::DOUBLE AS price, (i % 2)::INTEGER AS stock,
      ((i % 1000) / 10.0)::DOUBLE AS availability_pct FROM range(${ROWS}) t(i)`);
    console.log(
      `\nExports: ${ROWS.toLocaleString('en-US')} rows from DuckDB through the export job's writers`,
    );
    console.log('format | rows      | seconds | rows/s  | file MB | peak RSS growth MB | target < 300 MB');
    for (const format of ['xlsx', 'csv'] as const) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const file = path.join(dir, `bench.${format}`);
      const started = performance.now();
      const body = new PassThrough();
      const write = format === 'csv' ? writeReportCsv : writeReportXlsx;
      const meta = {
        screen: 'Bench',
        filters: { start_date: '2026-01-01', end_date: '2026-01-31' },
        generatedAt: new Date(),
      };
      const batches = wh.stream<Record<string, unknown>>('SELECT * FROM bench_rows ORDER BY id');
      const [rows] = await Promise.all([
        write(meta, COLUMNS, batches, body, () => Promise.resolve()),
        pipeline(body, createWriteStream(file)),
      ]);
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      const growth = (peak - before) / 1024 / 1024;
      const mb = statSync(file).size / 1024 / 1024;
      console.log(
        `${format.padEnd(6)} | ${String(rows).padEnd(9)} | ${seconds.toFixed(1).padEnd(7)} | ${Math.round(
          rows / seconds,
        )
          .toString()
          .padEnd(
            7,
          )} | ${mb.toFixed(1).padEnd(7)} | ${growth.toFixed(0).padEnd(18)} | ${growth < RSS_LIMIT_MB ? 'ok' : 'OVER'}`,
      );
    }
  } finally {
    await wh.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
