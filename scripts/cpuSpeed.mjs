// `node scripts/cpuSpeed.mjs`: how fast this machine runs a fixed single-threaded workload, as a
// factor of the reference machine's time (1.00 = as fast; 2.00 = half as fast). .ci/run scales its
// 30-minute ceiling by it: on this project's 2-core VMs the same `npm test` took 810 s one day and
// 1,744 s the day before, so a fixed ceiling either fails on a slow day or never fails.
// The workload is the suite's own mix: allocation, JSON, sorting, strings and hashing.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

// Median seconds of one round on the reference machine: the 2-core VM on which a clean-clone
// .ci/run took 1,240 s (2026-11-30, load 0.02 at its start); five runs after it gave 0.142-0.145.
const REFERENCE_SECONDS = 0.143;
const ROUNDS = 7;

function round() {
  const rows = [];
  for (let i = 0; i < 120_000; i++)
    rows.push({ id: i, sku: `SKU-${(i * 7919) % 100_003}`, price: (i * 31) % 997, city: `c${i % 20}` });
  const text = JSON.stringify(rows);
  const back = JSON.parse(text);
  back.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.price - b.price));
  let total = 0;
  for (const row of back) total += row.price * (row.city.length + 1);
  const digest = createHash('sha256').update(text).update(String(total)).digest('hex');
  return digest.length;
}

/** Median seconds of a round, after one round to warm up. */
function measureSeconds() {
  round();
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    round();
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const seconds = measureSeconds();
// One line for the shell: the factor, then the figures it came from.
console.log(`${(seconds / REFERENCE_SECONDS).toFixed(2)} ${seconds.toFixed(3)} ${REFERENCE_SECONDS}`);
