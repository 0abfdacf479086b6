/**
 * `npm run bench` upload section: the channel sales upload of screens/ run through
 * the real pipeline (runUpload: streaming read, every row validated with its lookups, staged
 * through DuckDB's appender, swapped in one transaction) on a small demo tenant in a temporary
 * folder. Figures: rows/s over the whole call (wall clock), rows per CPU-second, and RSS growth (peak sampled every 20 ms, minus
 * the RSS before the call), medians over the runs. Targets: >= 200k rows/s, RSS growth < 300 MB.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { startServer } from '../../src/server/startServer.js';
import { runUpload } from '../../src/server/features/uploads/uploadService.js';
import { UploadRepo } from '../../src/server/features/uploads/uploadRepo.js';

export const UPLOAD_TARGETS = { rowsPerSecond: 200_000, rssGrowthMb: 300 };
const CHANNELS = ['Amazon', 'Flipkart', 'Big Basket Mobile'];

function rowAt(i: number, skus: readonly string[]): [string, string, string, number, number] {
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((Math.floor(i / 12) % 28) + 1).padStart(2, '0');
  return [
    CHANNELS[i % CHANNELS.length]!,
    `2025-${month}-${day}`,
    skus[i % skus.length]!,
    (i % 97) + 1,
    ((i % 97) + 1) * 12.5,
  ];
}

async function writeCsv(file: string, rows: number, skus: readonly string[]): Promise<void> {
  const out = createWriteStream(file);
  out.write('Channel,Sale Date,SKU Code,Units,Revenue\n');
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${rowAt(i, skus).join(',')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function writeXlsx(file: string, rows: number, skus: readonly string[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Channel Sales');
  sheet.addRow(['Channel', 'Sale Date', 'SKU Code', 'Units', 'Revenue']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(rowAt(i, skus)).commit();
  await workbook.commit();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs the upload section and prints its lines; returns whether both targets were met. */
export async function benchUploads(runs: number, csvRows = 1_000_000, xlsxRows = 100_000): Promise<boolean> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-upload-bench-'));
  const env = loadEnv({
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_SKUS: '200',
    DEMO_DAYS: '7',
    // The demo's first-day crawl runs as background jobs in this process: it would share the
    // event loop with the uploads measured here.
    DEMO_CRAWL_DAY: 'false',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(env, { watchConfig: false, logger: false });
  let ok = true;
  try {
    const { warehouse, config, store } = server.app.deps;
    const upload = config.current().screens.get('sales/channelsales')!.uploads![0]!;
    const skus = (
      await warehouse.query<{ s: string }>('SELECT sku_code AS s FROM dim_product WHERE group_id = 1')
    ).map((r) => r.s);
    const repo = new UploadRepo(store.db);
    for (const [kind, rows] of [
      ['csv', csvRows],
      ['xlsx', xlsxRows],
    ] as const) {
      const file = path.join(dir, `sales.${kind}`);
      await (kind === 'csv' ? writeCsv(file, rows, skus) : writeXlsx(file, rows, skus));
      const size = statSync(file).size;
      const rates: number[] = [];
      const cpuRates: number[] = [];
      const growths: number[] = [];
      for (let r = 0; r < runs; r++) {
        global.gc?.();
        const before = process.memoryUsage.rss();
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
        const cpu = process.cpuUsage();
        const start = performance.now();
        const outcome = await runUpload(
          warehouse,
          repo,
          { upload, key: 'bench/upload', groupId: 1, userId: 1 },
          { path: file, fileName: `sales.${kind}`, extension: `.${kind}`, size },
        );
        const seconds = (performance.now() - start) / 1000;
        const used = process.cpuUsage(cpu);
        // CPU time of the whole process (DuckDB's threads included): what the load costs, which a
        // machine shared by many barely changes, unlike the wall-clock rate.
        cpuRates.push(rows / ((used.user + used.system) / 1e6));
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage.rss());
        if (outcome.status !== 'loaded' || outcome.rowsOk !== rows)
          throw new Error(`bench upload not loaded: ${outcome.message}`);
        rates.push(rows / seconds);
        growths.push((peak - before) / 1024 / 1024);
      }
      const rate = median(rates);
      const growth = median(growths);
      const met = rate >= UPLOAD_TARGETS.rowsPerSecond && growth < UPLOAD_TARGETS.rssGrowthMb;
      ok &&= met;
      console.log(
        `Upload ${rows.toLocaleString('en-US')}-row channel-sales ${kind} (${(size / 1024 / 1024).toFixed(1)} MB) validated + loaded into DuckDB: median ${Math.round(rate).toLocaleString('en-US')} rows/s (runs: ${rates.map((x) => Math.round(x / 1000)).join(', ')}k), ${Math.round(median(cpuRates)).toLocaleString('en-US')} rows per CPU-second, RSS growth median ${growth.toFixed(0)} MB (runs: ${growths.map((g) => g.toFixed(0)).join(', ')}) — target >= ${UPLOAD_TARGETS.rowsPerSecond.toLocaleString('en-US')} rows/s and < ${UPLOAD_TARGETS.rssGrowthMb} MB: ${met ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}
