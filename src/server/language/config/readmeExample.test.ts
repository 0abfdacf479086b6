import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildConfigSnapshot } from './buildConfigSnapshot.js';
import { formatProblem } from './configProblems.js';
import { copyStockScreens, REPO_SCREENS_DIR } from './testing/screensFixture.js';

let copy: ReturnType<typeof copyStockScreens> | undefined;
afterEach(() => copy?.remove());

/** Each `<!-- readme-example: file -->` of schemas/README.md with the JSON block after it. */
function readmeExamples(): { file: string; json: string }[] {
  const readme = readFileSync(path.join(REPO_SCREENS_DIR, '../schemas/README.md'), 'utf8');
  return [...readme.matchAll(/<!-- readme-example: (\S+) -->\s*```json\n([\s\S]*?)\n```/g)].map((m) => ({
    file: m[1]!,
    json: m[2]!,
  }));
}

describe("schemas/README.md's worked example", () => {
  it('is a screen the checker accepts, with comparison, an explanation and a drill', () => {
    const [example] = readmeExamples();
    expect(example?.file).toBe('stock/glance.screen.json');
    copy = copyStockScreens();
    copy.write(example!.file, example!.json);
    copy.edit('stock/area.json', (area: { tabs: string[] }) => {
      area.tabs.push('glance');
    });
    const result = buildConfigSnapshot(copy.dir, 1);
    expect(result.problems.map(formatProblem)).toEqual([]);
    const screen = result.snapshot!.screens.get('stock/glance')!;
    expect(screen.widgets.map((w) => w.kind)).toEqual(['kpiTiles', 'chart', 'grid']);
  });
});
