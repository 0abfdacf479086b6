/**
 * `npm run screens:check [dir] [--fix]`: validates every area, screen and dataset file (schemas
 * and cross-references) and checks that each is formatted as `npm run lint` wants; prints each
 * problem as `file:line:column#/json/pointer: message` and exits 1 on any error. Warnings print but pass.
 * --fix formats the files first (Prettier, the repo's options), so a config-only change that
 * passes screens:check also passes the lint step of `npm test`. Also prints the folder's size and repetition against the
 * reuse targets (schemas/README.md).
 */
import { buildConfigSnapshot } from '../src/server/language/config/buildConfigSnapshot.js';
import { formatProblem } from '../src/server/language/config/configProblems.js';
import { formatScreens } from './formatScreens.js';
import { formatFigures, measureScreens } from '../src/server/language/config/screensFigures.js';

const args = process.argv.slice(2);
const fix = args.includes('--fix');
const dir = args.find((a) => !a.startsWith('--')) ?? process.env.SCREENS_DIR ?? './screens';
const format = await formatScreens(dir, fix);
for (const file of format.fixed) console.log(`formatted ${file}`);
const result = buildConfigSnapshot(dir, 1);
for (const w of result.warnings) console.warn(formatProblem(w));
const problems = [...result.problems, ...format.problems];
if (problems.length === 0 && result.snapshot) {
  const s = result.snapshot;
  const warned = result.warnings.length ? ` (${result.warnings.length} warning(s) above)` : '';
  console.log(
    `${dir}: ${s.areas.size} areas, ${s.screens.size} screens, ${s.datasets.size} datasets, ${s.caseRules.size} case rules, ${s.endpoints.size} endpoints — all valid${warned}.`,
  );
  console.log(formatFigures(measureScreens(dir)));
} else {
  for (const p of problems) console.error(formatProblem(p));
  console.error(`${problems.length} problem(s) in ${dir}`);
  process.exit(1);
}
