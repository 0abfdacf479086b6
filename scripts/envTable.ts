/**
 * docs/settings.md, generated from the one table of settings in src/server/platform/settings/env.ts.
 * `--write` writes it (part of `npm run gen`); `--check` fails (exit 1) when the committed file
 * differs, so `npm test` (gen:check) catches a setting added without a regenerate.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { SETTINGS } from '../src/server/platform/settings/env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFile = path.join(root, 'docs/settings.md');

/** The settings table: one row per variable, its default and its meaning. */
function envTable(): string {
  const rows = Object.entries(SETTINGS).map(
    ([name, s]) =>
      `| \`${name}\` | ${s.default === '' ? '(empty)' : `\`${s.default}\``} | ${s.description} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The whole page, formatted as Prettier leaves it (`npm run lint` checks docs too). */
async function settingsPage(): Promise<string> {
  const page = [
    '# Settings',
    '',
    '<!-- generated — do not edit; run `npm run gen` (source: src/server/platform/settings/env.ts) -->',
    '',
    'Every setting is an environment variable; a bad value stops the server with one line naming',
    'the variable and the value. With `DATABASE_URL` and `WAREHOUSE_URL` set (e.g.',
    '`postgres://postgres@127.0.0.1:5432/shelfscope`), the store and the warehouse live in',
    'PostgreSQL instead of `DATA_DIR`.',
    '',
    envTable(),
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(outFile)) ?? {};
  return prettier.format(page, { ...options, filepath: outFile });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = await settingsPage();
  if (process.argv.includes('--check')) {
    if (!existsSync(outFile) || readFileSync(outFile, 'utf8') !== page) {
      console.error(
        'docs/settings.md is stale: run `npm run gen` (source: src/server/platform/settings/env.ts)',
      );
      process.exit(1);
    }
  } else {
    writeFileSync(outFile, page);
    console.log('wrote docs/settings.md');
  }
}
