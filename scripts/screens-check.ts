/**
 * `npm run screens:check [dir]`: validates every area, screen, dataset and shared file (schemas and
 * cross-references) and prints each problem as `file:line:column#/json/pointer: message`; exit 1 on
 * any. Also prints the folder's size and repetition against the reuse targets of issue 11.
 */
import { buildConfigSnapshot } from '../src/server/config/buildConfigSnapshot.js';
import { formatProblem } from '../src/server/config/configProblems.js';
import { formatFigures, measureScreens } from '../src/server/config/screensFigures.js';

const dir = process.argv[2] ?? process.env.SCREENS_DIR ?? './screens';
const result = buildConfigSnapshot(dir, 1);
if (result.snapshot) {
  const s = result.snapshot;
  console.log(
    `${dir}: ${s.areas.size} areas, ${s.screens.size} screens, ${s.datasets.size} datasets, ${s.endpoints.size} endpoints — all valid.`,
  );
  console.log(formatFigures(measureScreens(dir)));
} else {
  for (const p of result.problems) console.error(formatProblem(p));
  console.error(`${result.problems.length} problem(s) in ${dir}`);
  process.exit(1);
}
