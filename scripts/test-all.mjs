// `npm test`: every check in one command. Runs each step, prints a summary, fails if any failed.
// The summary repeats each failed step's failure lines: a CI log is often read from its end.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './ensureChromium.mjs';
import { useRamTmp } from './testTmp.mjs';

// Consecutive lists of steps are lanes run side by side (the steps of a lane one after another):
// the static checks are single-threaded, so two lanes share the machine's two cores; a step in a
// lane has its output printed whole when it ends.
const E2E_STEP = 'end-to-end tests (Chromium)';
const BUILD_STEP = 'build';
// eslint's typed rules (~140 s quiet) are the longest static step: it has a lane to itself and
// the other checks (~115 s together) share the second core.
const steps = [
  [
    ['generated files are fresh (config types, docs/settings.md)', 'npm run -s gen:check'],
    ['screen config is valid', 'npm run -s screens:check'],
    ['typecheck', 'npm run -s typecheck'],
    ['formatting (prettier)', 'npm run -s format:check'],
    ['no dead files, exports or dependencies (knip)', 'npm run -s knip'],
  ],
  [['lint (eslint)', 'npm run -s lint:eslint']],
  ['unit tests', 'npm run -s test:unit'],
  // Before the API tests: their kill, restart and upgrade tests start the built server
  // (tests/support/serverEntry.ts), which spends 1.5-2 s less CPU per start than the sources.
  [BUILD_STEP, 'npm run -s build'],
  ['API tests', 'npm run -s test:api'],
  [E2E_STEP, 'npm run -s test:e2e'],
];

// Lines that name a failure in vitest's, Playwright's, tsc's, eslint's and prettier's output.
const FAILURE_LINE =
  /^\s*(×|✘|FAIL\b|\d+ failed|\d+ flaky|\[chromium\] ›|\d+:\d+\s+error\s)|error TS\d+|^\[warn\]|AssertionError|Error: /;
const KEPT_LINES = 40;
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs one step, its output streamed through (or kept and printed at its end when `buffered`),
 * keeping the lines that look like failures. */
function runStep(command, buffered = false) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['inherit', 'pipe', 'pipe'] });
    const failures = [];
    const output = [];
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        const text = plain(line);
        if (!FAILURE_LINE.test(text)) continue;
        failures.push(text.slice(0, 300));
        if (failures.length > KEPT_LINES) failures.shift(); // the last ones: the runners' own summaries
      }
    };
    const pass = (stream) => (chunk) => {
      if (buffered) output.push(chunk);
      else stream.write(chunk);
      keep(chunk);
    };
    child.stdout.on('data', pass(process.stdout));
    child.stderr.on('data', pass(process.stderr));
    child.on('close', (status) => resolve({ status, failures, output: Buffer.concat(output) }));
  });
}

/** Runs one step (or a lane of them one after another), returning each one's result. */
async function runLane(lane, buffered) {
  const laneResults = [];
  for (const [name, command] of lane) {
    if (!buffered) console.log(`\n=== ${name}: ${command}`);
    const started = Date.now();
    const { status, failures, output } = await runStep(command, buffered);
    // The steps after a good build start server processes from it (tests/support/serverEntry.ts).
    if (name === BUILD_STEP && status === 0) process.env.SHELFSCOPE_TEST_BUILD = '1';
    if (buffered) process.stdout.write(Buffer.concat([Buffer.from(`\n=== ${name}: ${command}\n`), output]));
    laneResults.push({
      name,
      ok: status === 0,
      seconds: ((Date.now() - started) / 1000).toFixed(1),
      failures,
    });
  }
  return laneResults;
}

const only = process.argv.slice(2);
const chosen = ([name]) => !only.length || only.some((o) => name.includes(o));

// A fresh machine: find or install the browser before any step runs, or stop with the command.
if (steps.flat().some((step) => step[0] === E2E_STEP && chosen(step))) {
  const browser = await ensureChromium();
  if (browser === null) process.exit(1);
  process.env.PLAYWRIGHT_CHROMIUM = browser;
}
useRamTmp();
// Under CI the e2e servers' data folders go there too (outside CI they stay in .e2e-data, where
// every-screen's screenshots are kept for a person to look at).
if (process.env.CI && process.env.TMPDIR && !process.env.E2E_DATA_DIR)
  process.env.E2E_DATA_DIR = path.join(process.env.TMPDIR, 'e2e-data');
const results = [];
// Consecutive array entries form lanes run side by side; a plain entry runs alone, streamed.
for (let i = 0; i < steps.length;) {
  if (Array.isArray(steps[i][0])) {
    const lanes = [];
    while (i < steps.length && Array.isArray(steps[i][0])) lanes.push(steps[i++].filter(chosen));
    const parallel = lanes.filter((lane) => lane.length).length > 1;
    for (const laneResults of await Promise.all(lanes.map((lane) => runLane(lane, parallel)))) {
      results.push(...laneResults);
    }
  } else {
    const step = steps[i++];
    if (chosen(step)) results.push(...(await runLane([step], false)));
  }
}

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
  if (!r.ok) for (const line of r.failures) console.log(`        ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
