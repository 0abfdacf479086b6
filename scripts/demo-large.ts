/**
 * Builds a large benchmark tenant (default 2,000 SKUs x 5 channels x 20 cities x 396 days, 13 months) into
 * DATA_DIR/bench/warehouse.duckdb, apart from the app's own warehouse, and finishes it as a demo first
 * start would (bench/finishLargeTenant.ts: demo marker, lost-sales tables), so a server on DATA_DIR/bench
 * serves at once. An existing file is only finished (when it is not yet) unless --force. Usage: npm run demo:large [-- --force --skus 2000 --days 396 --channels 5 --cities 20
 * --memory-limit 300MB]
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../src/server/platform/settings/env.js';
import { createDuckDbWarehouse } from '../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { generateWarehouse } from '../src/server/demo/warehouse/generateWarehouse.js';
import { markDemoStarted, readDemoState } from '../src/server/platform/warehouse/demoMarker.js';
import { finishLargeTenant, LARGE_GROUP } from './bench/finishLargeTenant.js';

const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    // Another file under DATA_DIR/bench (the history bench builds a 90-day twin beside it).
    file: { type: 'string', default: 'warehouse.duckdb' },
    skus: { type: 'string', default: '2000' },
    days: { type: 'string', default: '396' },
    channels: { type: 'string', default: '5' },
    cities: { type: 'string', default: '20' },
    'memory-limit': { type: 'string', default: '300MB' },
  },
});

function count(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** The process's peak resident set (Linux VmHWM), which no interval sampler can miss. */
function peakRss(): number | null {
  try {
    const kb = /VmHWM:\s*(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const env = loadEnv();
  const file = join(env.DATA_DIR, 'bench', values.file);
  const built = !existsSync(file) || values.force;
  if (built) await build(file);
  else console.log(`${file} exists (pass --force to rebuild it); finishing it ...`);
  // The server's own DuckDB settings: the lost-sales tables join a year of stock rows, which the
  // build's small cache would spill to disk.
  const wh = await createDuckDbWarehouse(file);
  try {
    await finishLargeTenant(wh, env.SCREENS_DIR, (line) => console.log(line), built);
  } finally {
    await wh.close();
  }
}

async function build(file: string): Promise<void> {
  const env = loadEnv();
  await mkdir(dirname(file), { recursive: true });
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
  const skus = count('skus', values.skus);
  // DuckDB's buffer cache would otherwise grow towards 80% of RAM while loading. The build only
  // appends, so a small cache costs no time; at 1GB the process peaked at 2.5 GB RSS (docs/warehouse.md).
  const wh = await createDuckDbWarehouse(file, { memory_limit: values['memory-limit'] });
  try {
    console.log(`Building ${file} ...`);
    await readDemoState(wh); // creates the marker's table
    await markDemoStarted(wh);
    // Sampled when the event loop turns (after every table load); the RSS peak is the kernel's.
    const peak = { rss: 0, heap: 0, external: 0 };
    const sampler = setInterval(() => {
      const { rss, heapUsed, external } = process.memoryUsage();
      peak.rss = Math.max(peak.rss, rss);
      peak.heap = Math.max(peak.heap, heapUsed);
      peak.external = Math.max(peak.external, external);
    }, 500);
    const result = await generateWarehouse(wh, {
      seed: env.DEMO_SEED,
      groups: [{ groupId: LARGE_GROUP, name: 'Demo Brands', skus }],
      skusPerGroup: skus,
      channels: count('channels', values.channels),
      cities: count('cities', values.cities),
      days: count('days', values.days),
      log: (line) => console.log(line),
    });
    const width = Math.max(...Object.keys(result.rows).map((t) => t.length));
    for (const [table, rows] of Object.entries(result.rows)) {
      console.log(`${table.padEnd(width)}  ${rows.toLocaleString('en-US').padStart(12)}`);
    }
    clearInterval(sampler);
    const cpu = process.cpuUsage();
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    console.log(
      `${result.totalRows.toLocaleString('en-US')} rows in ${(result.ms / 1000).toFixed(1)} s ` +
        `(cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, peak rss ${mb(peakRss() ?? peak.rss)} MB, ` +
        `peak js heap ${mb(peak.heap)} MB, peak external ${mb(peak.external)} MB)`,
    );
  } finally {
    await wh.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
