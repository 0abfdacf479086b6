import type { Migration } from 'kysely';
import { coreMigrations } from './platform/store/migrations/index.js';
import * as accountBudget from './access/auth/accountBudgetTable.js';
import { FEATURES } from './features/index.js';

/** Every store migration by name: the store's own, access's and each feature's; a name owned twice throws. */
export function storeMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  const owners: [string, Record<string, Migration>][] = [
    ['store', coreMigrations],
    ['access', Object.freeze({ '060_account_failures': accountBudget })],
    ...FEATURES.map((feature): [string, Record<string, Migration>] => [
      feature.name,
      feature.migrations ?? {},
    ]),
  ];
  for (const [owner, migrations] of owners) {
    for (const [name, migration] of Object.entries(migrations)) {
      if (name in all) throw new Error(`Store migration ${name} is declared twice (again by ${owner})`);
      all[name] = migration;
    }
  }
  return all;
}
