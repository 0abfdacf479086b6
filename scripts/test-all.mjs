// `npm test`: every check in one command. Runs each step, prints a summary, fails if any failed.
// The summary repeats each failed step's failure lines: a CI log is often read from its end.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium';
if (chromium && !existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: run "apt-get install -y chromium" (or set PLAYWRIGHT_CHROMIUM).`,
  );
  process.exit(1);
}

const steps = [
  ['generated types are fresh', 'npm run -s gen:check'],
  ['screen config is valid', 'npm run -s screens:check'],
  ['typecheck', 'npm run -s typecheck'],
  ['lint', 'npm run -s lint'],
  ['no dead files, exports or dependencies (knip)', 'npm run -s knip'],
  ['unit tests', 'npm run -s test:unit'],
  ['API tests', 'npm run -s test:api'],
  ['build', 'npm run -s build'],
  ['storybook build', 'npm run -s storybook:build'],
  ['end-to-end tests (Chromium)', 'npm run -s test:e2e'],
];

// Lines that name a failure in vitest's, Playwright's, tsc's, eslint's and prettier's output.
const FAILURE_LINE =
  /^\s*(×|✘|FAIL\b|\d+ failed|\d+ flaky|\[chromium\] ›|\d+:\d+\s+error\s)|error TS\d+|^\[warn\]|AssertionError|Error: /;
const KEPT_LINES = 40;
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs one step with its output streamed through, keeping the lines that look like failures. */
function runStep(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['inherit', 'pipe', 'pipe'] });
    const failures = [];
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        const text = plain(line);
        if (!FAILURE_LINE.test(text)) continue;
        failures.push(text.slice(0, 300));
        if (failures.length > KEPT_LINES) failures.shift(); // the last ones: the runners' own summaries
      }
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('close', (status) => resolve({ status, failures }));
  });
}

const only = process.argv.slice(2);
const results = [];
for (const [name, command] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const { status, failures } = await runStep(command);
  results.push({
    name,
    ok: status === 0,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    failures,
  });
}

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
  if (!r.ok) for (const line of r.failures) console.log(`        ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
