// `npm test`: every check in one command. Runs each step, prints a summary, fails if any failed.
import { spawnSync } from 'node:child_process';
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

const only = process.argv.slice(2);
const results = [];
for (const [name, command] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
