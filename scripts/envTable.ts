import { SETTINGS } from '../src/server/platform/settings/env.js';

/** The README's settings table, generated from the one table of settings in src/server/platform/settings/env.ts. */
export function envTable(): string {
  const rows = Object.entries(SETTINGS).map(
    ([name, s]) =>
      `| \`${name}\` | ${s.default === '' ? '(empty)' : `\`${s.default}\``} | ${s.description} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(envTable());
