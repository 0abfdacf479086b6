/* eslint-disable @typescript-eslint/no-explicit-any -- edits receive the parsed, untyped JSON of a config file */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoScreens = path.resolve(here, '../../../../../screens');
/** A frozen copy of the stock area and dataset: tests that assert exact messages or positions use it. */
const fixtureScreens = path.join(here, 'fixtureScreens');

export interface ScreensCopy {
  dir: string;
  edit: (file: string, change: (json: any) => void) => void;
  write: (file: string, text: string) => void;
  remove: () => void;
}

/** A temp copy of the live stock area and dataset (the reference config), to break on purpose. */
export function copyStockScreens(): ScreensCopy {
  return copyScreens(repoScreens);
}

/**
 * A temp copy of the test's own stock area and dataset, which edits of screens/ do not change:
 * for assertions on positions (`/tabs/2`, `/measures/12`) and on the allowed names a message lists.
 */
export function copyFixtureScreens(): ScreensCopy {
  return copyScreens(fixtureScreens);
}

function copyScreens(from: string): ScreensCopy {
  const dir = mkdtempSync(path.join(tmpdir(), 'screens-'));
  cpSync(path.join(from, 'stock'), path.join(dir, 'stock'), { recursive: true });
  if (existsSync(path.join(from, 'shared')))
    cpSync(path.join(from, 'shared'), path.join(dir, 'shared'), { recursive: true });
  cpSync(path.join(from, 'datasets/stock.dataset.json'), path.join(dir, 'datasets/stock.dataset.json'), {
    recursive: true,
  });
  return {
    dir,
    edit(file, change) {
      const full = path.join(dir, file);
      const json = JSON.parse(readFileSync(full, 'utf8')) as unknown;
      change(json);
      writeFileSync(full, JSON.stringify(json, null, 2));
    },
    write(file, text) {
      writeFileSync(path.join(dir, file), text);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const REPO_SCREENS_DIR = repoScreens;
