import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRAWL_TYPES } from '../../../shared/crawl/crawlVocabulary.js';

const SCREENS = join(import.meta.dirname, '../../../../screens');

/** Every `crawl_types` property of a form or mutation schema under screens/, with its file. */
function crawlTypeFields(): { file: string; choices: unknown }[] {
  const found: { file: string; choices: unknown }[] = [];
  const walk = (file: string, node: unknown): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(file, n));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const items = (value as { items?: { oneOf?: { const: number; title: string }[] } } | null)?.items;
      if (key === 'crawl_types' && items?.oneOf)
        found.push({ file, choices: items.oneOf.map((o) => ({ id: o.const, name: o.title })) });
      walk(file, value);
    }
  };
  for (const entry of readdirSync(SCREENS, { recursive: true, encoding: 'utf8' }))
    if (entry.endsWith('.json')) walk(entry, JSON.parse(readFileSync(join(SCREENS, entry), 'utf8')));
  return found;
}

describe('crawl type choices of the group forms', () => {
  it("offer the spec's crawling types (0 Default, 3 Custom, 4 Scheduled, 5 Live Tracking), as group/channels lists them", () => {
    const fields = crawlTypeFields();
    expect(fields.map((f) => f.file).sort()).toEqual([
      'platform/settings.screen.json',
      'shared/mutations.json',
    ]);
    for (const f of fields) expect(f.choices, f.file).toEqual(CRAWL_TYPES);
  });
});
