import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, migrateConfig } from '../../../shared/configLanguage/migrateConfig.js';
import { loadConfigSnapshot } from './loadConfigRegistry.js';
import { copyStockScreens } from './testing/screensFixture.js';

const v1Kpi = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/stock-kpi.v1.screen.json'),
  'utf8',
);
let fixture: ReturnType<typeof copyStockScreens> | undefined;
afterEach(() => fixture?.remove());

describe('schemaVersion migration', () => {
  it('a version 1 file (the stock KPI screen as main wrote it) resolves exactly as its version 2 rewrite', () => {
    fixture = copyStockScreens();
    // The v1 file is frozen as main wrote it; what the screen gained since (label category, product,
    // city zone and tag filters, plain dataset dimensions in v2; KPI drill-downs; the stock x
    // promotion tiles and grid; change columns and the trend overlay) is left out here.
    const current = JSON.parse(readFileSync(path.join(fixture.dir, 'stock/kpi.screen.json'), 'utf8')) as {
      filters: { use?: string }[];
      queries: { id: string; measures: string[] }[];
      widgets: {
        id: string;
        tiles?: { measure: string; drill?: unknown }[];
        columns?: { kind: string; field: string }[];
        previousPeriod?: boolean;
      }[];
      layout: { widgets: string[] }[];
    };
    const added = new Set(['labelCategory', 'product', 'cityZone', 'tag']);
    const promo = new Set(['promoStats', 'promoBrands', 'promoTiles', 'promoBrandGrid']);
    current.filters = current.filters.filter((f) => !added.has(f.use ?? ''));
    current.queries = current.queries.filter((q) => !promo.has(q.id));
    current.widgets = current.widgets.filter((w) => !promo.has(w.id));
    current.layout = current.layout.filter((row) => !row.widgets.some((w) => promo.has(w)));
    for (const tile of current.widgets.flatMap((w) => w.tiles ?? [])) delete tile.drill;
    // Lost sales (a later measure kind): its tile, grid column and measures.
    const lost = (id: string) => id.startsWith('lost_');
    for (const q of current.queries) q.measures = q.measures.filter((m) => !lost(m));
    for (const w of current.widgets) {
      if (w.tiles) w.tiles = w.tiles.filter((tile) => !lost(tile.measure));
      if (w.columns) w.columns = w.columns.filter((c) => !lost(c.field));
    }
    // Comparison in grids and charts (change columns, the trend's previous-period overlay).
    for (const w of current.widgets) {
      if (w.columns) w.columns = w.columns.filter((c) => c.kind !== 'change');
      delete w.previousPeriod;
    }
    // The year presets of the shared daily dates (added with a year of demo history).
    const datesFile = path.join(fixture.dir, 'shared/dates.json');
    const dates = JSON.parse(readFileSync(datesFile, 'utf8')) as {
      dates: Record<string, { presets: string[] }>;
    };
    const years = new Set(['last_3_month', 'last_6_month', 'last_1_year']);
    dates.dates.daily!.presets = dates.dates.daily!.presets.filter((p) => !years.has(p));
    fixture.write('shared/dates.json', JSON.stringify(dates));
    fixture.write('stock/kpi.screen.json', JSON.stringify(current));
    const v2 = loadConfigSnapshot(fixture.dir).screens.get('stock/kpi');
    fixture.write('stock/kpi.screen.json', v1Kpi);
    const v1 = loadConfigSnapshot(fixture.dir).screens.get('stock/kpi');
    expect(JSON.parse(v1Kpi)).toMatchObject({ schemaVersion: 1, area: 'stock', pageSize: 10 });
    const { pageSize: _pageSize, ...v1WithoutDefault } = v1!; // 10 in v1; v2 leaves it to the page-size rule
    expect(v1WithoutDefault).toEqual(v2);
    expect(v2?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('steps a version 1 file to the current version and leaves unknown versions to the schema check', () => {
    expect(migrateConfig({ schemaVersion: 1, kind: 'area', label: 'A' })).toEqual({
      schemaVersion: 2,
      kind: 'area',
      label: 'A',
    });
    expect(migrateConfig({ schemaVersion: 3, kind: 'area' })).toEqual({ schemaVersion: 3, kind: 'area' });
    expect(migrateConfig([1])).toEqual([1]);
  });

  it('declares on version 1 filters the rules the engine used to apply by field and source name', () => {
    const v1 = {
      schemaVersion: 1,
      kind: 'screen',
      filters: [
        { kind: 'multiSelect', field: 'label_category_id', label: 'L', source: 'label_category' },
        { kind: 'typeahead', field: 'city_zone_id', label: 'Z', source: 'city_zone' },
        { kind: 'radio', field: 'self_comp', label: 'S', options: [] },
        { kind: 'singleSelect', field: 'brand_id', label: 'B', source: 'brand_v2' },
        { kind: 'multiSelect', field: 'channel_id', label: 'C', source: 'channel' },
      ],
    };
    const { filters } = migrateConfig(v1) as { filters: Record<string, unknown>[] };
    expect(filters[0]?.linked).toEqual({
      map: 'label_category_ids',
      param: 'label_category',
      into: ['category_id'],
      alsoMerges: ['mapped_category_id'],
    });
    expect(filters[1]?.linked).toEqual({
      map: 'city_zone_ids',
      param: 'city_zone',
      into: ['city_id', 'city'],
    });
    expect(filters[2]?.clears).toEqual(['brand_id', 'category_id', 'label_category_id']);
    expect(filters[3]?.suggestionDefaults).toEqual({ attr_type_id: 0 });
    expect(filters[4]).toEqual(v1.filters[4]);
  });
});
