/**
 * `npm run load [-- --analysts 200 --seconds 60 --ramp 30 --flood --port 18570]`: N simulated
 * analysts against the production build, run as its own process on loopback. Each signs in
 * (its own user, OTP from the outbox on its first run, then a trusted browser), then opens the
 * monitoring screens and changes filters with think time; `--flood` runs the 50-connection
 * login flood beside them for the second half of the time after the ramp, and the screens'
 * p95 before and during it are compared (target: within 2x). Prints req/s, p50/p95/p99, errors, cache hit ratio and server RSS, and
 * stops by itself after --seconds (at most 60). See docs/bench.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runAnalyst } from './load/analyst.js';
import { runFlood } from './load/flood.js';
import { analystName, prepareLoadData, type LoadScreen } from './load/prepareLoadData.js';
import { startServerProcess } from './load/serverProcess.js';
import { PhasedTally, Tally } from './load/stats.js';

const { values } = parseArgs({
  options: {
    analysts: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    ramp: { type: 'string', default: '30' },
    flood: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'flood-connections': { type: 'string', default: '50' },
    'flood-addresses': { type: 'string', default: '1' },
    port: { type: 'string', default: '18570' },
    'data-dir': { type: 'string', default: path.join(process.env.DATA_DIR ?? './data', 'load') },
  },
});

const analysts = Math.max(1, Math.min(250, Number(values.analysts)));
const seconds = Math.max(5, Math.min(60, Number(values.seconds)));
const rampMs = Math.min(seconds - 1, Number(values.ramp)) * 1000;
const dataDir = path.resolve(values['data-dir']);
const browsersFile = path.join(dataDir, 'load-browsers.json');

/** Mostly the screens the e2e flows open (stock, visibility), the rest spread over every monitoring screen. */
function screenPicker(screens: LoadScreen[]): () => LoadScreen {
  const stock = screens.filter((s) => s.key.startsWith('stock/'));
  const visibility = screens.filter((s) => s.key.startsWith('visibility/'));
  const any = (list: LoadScreen[]) => list[Math.floor(Math.random() * list.length)]!;
  return () => {
    const r = Math.random();
    return r < 0.4 && stock.length
      ? any(stock)
      : r < 0.6 && visibility.length
        ? any(visibility)
        : any(screens);
  };
}

async function main(): Promise<void> {
  if (!existsSync('dist/server/main.js'))
    throw new Error('dist/server/main.js missing: run `npm run build` first');
  console.log(`Preparing ${dataDir} (the first run builds the demo tenant) ...`);
  const screens = await prepareLoadData(dataDir, analysts);
  const browsers = existsSync(browsersFile)
    ? (JSON.parse(readFileSync(browsersFile, 'utf8')) as Record<string, Record<string, string>>)
    : {};
  const server = await startServerProcess(dataDir, Number(values.port));
  // Stops by itself whatever happens below.
  const hardStop = setTimeout(
    () => {
      console.error('load run over its time: stopping');
      void server.stop().then(() => process.exit(1));
    },
    (seconds + 20) * 1000,
  );
  try {
    const base = `http://127.0.0.1:${values.port}`;
    const start = Date.now();
    const until = start + seconds * 1000;
    const signIns = new Tally();
    // With --flood: the ramp, then the analysts alone, then the analysts beside the flood.
    const floodFrom = values.flood ? start + rampMs + (seconds * 1000 - rampMs) / 2 : Infinity;
    const calls = new PhasedTally(start + rampMs, floodFrom);
    const flood = new Tally();
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.memory().rssMb)), 250);
    const pickScreen = screenPicker(screens);
    const runs = Array.from({ length: analysts }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (rampMs * i) / analysts));
      const username = analystName(i);
      const octets = `${Math.floor(i / 250) + 1}.${(i % 250) + 1}`;
      const run = {
        base,
        dataDir,
        localAddress: `127.0.${octets}`,
        username,
        password: process.env.DEMO_PASSWORD ?? 'Demo@2026!',
      };
      const cookies = await runAnalyst({
        ...run,
        cookies: browsers[username] ?? {},
        fresh: values.fresh,
        screens,
        pickScreen,
        until,
        signIns,
        calls,
      });
      browsers[username] = cookies;
    });
    const floodConnections = Number(values['flood-connections']);
    const flooding = values.flood
      ? new Promise((r) => setTimeout(r, floodFrom - Date.now())).then(() =>
          runFlood(base, floodConnections, Number(values['flood-addresses']), until, flood),
        )
      : null;
    await Promise.all([...runs, flooding]);
    clearInterval(sampler);
    const elapsed = (Date.now() - start) / 1000;
    writeFileSync(browsersFile, JSON.stringify(browsers));
    const { rssMb, peakMb } = server.memory();
    console.log(
      `\n${analysts} analysts over ${elapsed.toFixed(1)} s (arriving over ${rampMs / 1000} s)${values.flood ? `, login flood of ${floodConnections} connections from ${values['flood-addresses']} address(es)` : ''}`,
    );
    console.log(calls.line('screens', elapsed));
    console.log(signIns.line('sign-in', elapsed));
    const floodSeconds = (until - floodFrom) / 1000;
    const idleSeconds = (floodFrom - start - rampMs) / 1000;
    if (flooding) {
      console.log(flood.line('flood', floodSeconds));
      console.log(calls.idle.line('  before', idleSeconds));
      console.log(calls.flooded.line('  during', floodSeconds));
    }
    const floodRatio = flooding ? calls.flooded.percentile(95) / Math.max(1, calls.idle.percentile(95)) : 0;
    if (flooding) console.log(`screens p95 during the flood / before it: ${floodRatio.toFixed(2)}x`);
    console.log(
      `server RSS ${rssMb.toFixed(0)} MiB at the end, peak ${Math.max(peakRss, peakMb).toFixed(0)} MiB`,
    );
    const total = calls.errors + signIns.errors;
    const pass =
      calls.percentile(95) < 1000 && total === 0 && Math.max(peakRss, peakMb) < 1536 && floodRatio <= 2;
    console.log(
      `targets (screens p95 < 1 s, 0 errors, RSS < 1.5 GB${flooding ? ', p95 during the flood <= 2x before' : ''}): ${pass ? 'met' : 'NOT met'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    clearTimeout(hardStop);
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
