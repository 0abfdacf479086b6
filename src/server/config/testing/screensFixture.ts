/* eslint-disable @typescript-eslint/no-explicit-any -- edits receive the parsed, untyped JSON of a config file */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoScreens = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../screens');

/** A temp copy of the stock area, its dataset and the shared definitions (the reference config), to break on purpose. */
export function copyStockScreens(): {
  dir: string;
  edit: (file: string, change: (json: any) => void) => void;
  write: (file: string, text: string) => void;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'screens-'));
  cpSync(path.join(repoScreens, 'stock'), path.join(dir, 'stock'), { recursive: true });
  cpSync(path.join(repoScreens, 'shared'), path.join(dir, 'shared'), { recursive: true });
  cpSync(
    path.join(repoScreens, 'datasets/stock.dataset.json'),
    path.join(dir, 'datasets/stock.dataset.json'),
    { recursive: true },
  );
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
