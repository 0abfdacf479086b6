import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { ConfigProblem } from '../src/server/language/config/configRegistry.js';

/** The repo's own Prettier options apply to any screens folder, a scratch copy outside the repo too. */
const repoScreens = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screens');

/**
 * Screen files formatted as `npm run lint` (prettier --check) wants them. Without `fix`, each
 * unformatted file is a problem naming the command that formats it; with `fix`, it is rewritten.
 * Unparseable files are left to the validator, which reports them with their position.
 */
export async function formatScreens(
  dir: string,
  fix: boolean,
): Promise<{ problems: ConfigProblem[]; fixed: string[] }> {
  const options = (await prettier.resolveConfig(path.join(repoScreens, 'area.json'))) ?? {};
  const problems: ConfigProblem[] = [];
  const fixed: string[] = [];
  for (const file of jsonFiles(dir)) {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    let formatted: string;
    try {
      formatted = await prettier.format(text, { ...options, filepath: full });
    } catch {
      continue;
    }
    if (formatted === text) continue;
    if (fix) {
      writeFileSync(full, formatted);
      fixed.push(file);
    } else {
      problems.push({
        file,
        pointer: '',
        message:
          'not formatted (npm test would fail on it); run `npm run screens:check -- --fix` to format it',
      });
    }
  }
  return { problems, fixed };
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((folder) => statSync(path.join(dir, folder)).isDirectory())
    .flatMap((folder) =>
      readdirSync(path.join(dir, folder))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${folder}/${name}`),
    )
    .sort();
}
