/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests edit untyped JSON files on purpose */
import { afterEach, describe, expect, it } from 'vitest';
import { buildConfigSnapshot } from './buildConfigSnapshot.js';
import { formatProblem } from './configProblems.js';
import { validateConfigDraft } from './validateConfigDraft.js';
import { copyStockScreens } from './testing/screensFixture.js';

let fixture: ReturnType<typeof copyStockScreens>;
afterEach(() => fixture?.remove());
const problems = () => buildConfigSnapshot(fixture.dir, 1).problems.map(formatProblem);

describe('shared definitions', () => {
  it('expands a reference with its local properties laid over the shared node', () => {
    fixture = copyStockScreens();
    const screen = buildConfigSnapshot(fixture.dir, 1).snapshot?.screens.get('stock/data');
    expect(screen?.filters?.[2]).toEqual({
      kind: 'multiSelect',
      field: 'category_id',
      label: 'Category',
      source: 'category',
      placeholder: 'All categories',
      dependsOn: ['channel_id', 'brand_id'],
    });
    expect(screen).toMatchObject({ area: 'stock', id: 'data', permission: 'stock/data' });
  });

  it('a problem of an inherited property points into the shared file, once for all its uses', () => {
    fixture = copyStockScreens();
    fixture.edit('shared/filters.json', (s) => {
      s.filters.channel.colour = 'red';
    });
    // Both stock screens use "channel"; the fix is one line of the shared file.
    expect(problems()).toEqual([
      'shared/filters.json:42:7#/filters/channel: unknown property "colour"; allowed: clears, dependsOn, field, kind, label, linked, maxSelect, maxSelectMessage, minSelect, placeholder, source, suggestionDefaults',
    ]);
  });

  it('a problem of a local property points at the reference that wrote it', () => {
    fixture = copyStockScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.filters[1].dependsOn = ['nowhere'];
    });
    expect(problems()).toEqual([
      expect.stringMatching(
        /^stock\/kpi\.screen\.json:\d+:\d+#\/filters\/1\/dependsOn\/0: unknown sibling filter "nowhere"; allowed: brand_id, category_id, channel_id, city_id, city_zone_id, is_competitor, label_category_id, product_id, tag_id$/,
      ),
    ]);
  });

  it('an unknown name is reported at the reference, with the names there are', () => {
    fixture = copyStockScreens();
    fixture.edit('stock/data.screen.json', (s) => {
      s.filters[0] = { use: 'chanel' };
    });
    expect(problems()).toEqual([
      expect.stringMatching(
        /^stock\/data\.screen\.json:\d+:\d+#\/filters\/0\/use: unknown shared filter "chanel"; defined in screens\/shared: (\w+, )*authorised, brand, (\w+, )*channel, /,
      ),
    ]);
  });

  it('a missing required property of a partial definition points at the reference that must complete it', () => {
    fixture = copyStockScreens();
    fixture.edit('stock/data.screen.json', (s) => {
      delete s.dates.default;
    });
    expect(problems()).toEqual([
      expect.stringMatching(
        /^stock\/data\.screen\.json:\d+:\d+#\/dates: missing required property "default"$/,
      ),
    ]);
  });

  it('validateConfigDraft checks unsaved text with the same messages, including syntax errors by line:column', () => {
    fixture = copyStockScreens();
    expect(validateConfigDraft(fixture.dir, 'stock/area.json', '{\n  "kind": "area",\n  "label": }')).toEqual(
      [
        {
          file: 'stock/area.json',
          pointer: '',
          message: 'invalid JSON: value expected',
          line: 3,
          column: 12,
        },
      ],
    );
    const draft = `{ "schemaVersion": 2, "kind": "area", "label": "Stock", "tabs": ["kpi", "data", "nope"] }`;
    expect(validateConfigDraft(fixture.dir, 'stock/area.json', draft).map(formatProblem)).toEqual([
      'stock/area.json:1:81#/tabs/2: unknown screen "nope" (no stock/nope.screen.json); allowed: data, kpi, warnings',
    ]);
  });
});
