/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests break untyped JSON files on purpose */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfigRegistry } from './loadConfigRegistry.js';
import { ConfigInvalidError } from './configProblems.js';
import { copyFixtureScreens } from './testing/screensFixture.js';
import type { ConfigRegistry } from './configRegistry.js';

let fixture: ReturnType<typeof copyFixtureScreens>;
let registry: ConfigRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
  fixture?.remove();
});

/** current() reloads lazily; poll it until the edit is seen (fs events are asynchronous). */
async function settle(reg: ConfigRegistry, until: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !until(); i++) {
    await new Promise((r) => setTimeout(r, 20));
    reg.current();
  }
}

describe('config hot reload', () => {
  it('refuses to start on invalid files, listing every problem', async () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.pageSize = 0;
    });
    await expect(loadConfigRegistry(fixture.dir)).rejects.toThrow(ConfigInvalidError);
    await expect(loadConfigRegistry(fixture.dir)).rejects.toThrow(
      /stock\/kpi\.screen\.json:\d+:3#\/pageSize: must be >= 1/,
    );
  });

  it('applies a valid edit on the next request', async () => {
    fixture = copyFixtureScreens();
    const reg = (registry = await loadConfigRegistry(fixture.dir, { watch: true, pollMs: 10 }));
    expect(reg.current().screens.get('stock/kpi')?.title).toBe('KPI');
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.title = 'Availability KPIs';
    });
    await settle(reg, () => reg.current().screens.get('stock/kpi')?.title === 'Availability KPIs');
    expect(reg.current().screens.get('stock/kpi')?.title).toBe('Availability KPIs');
    expect(reg.current().version).toBe(2);
    expect(reg.lastProblems()).toEqual([]);
  });

  it('refuses an invalid edit with the messages and keeps the last good snapshot', async () => {
    fixture = copyFixtureScreens();
    const logged: string[] = [];
    const reg = (registry = await loadConfigRegistry(fixture.dir, {
      watch: true,
      pollMs: 10,
      log: (m) => logged.push(m),
    }));
    const good = reg.current();
    fixture.edit('stock/data.screen.json', (s) => {
      s.title = 'Broken';
      s.queries[0].groupBy = ['sku'];
    });
    await settle(reg, () => logged.length > 0);
    expect(reg.current()).toBe(good);
    expect(reg.current().screens.get('stock/data')?.title).toBe('Data');
    expect(reg.lastProblems()).toContainEqual(
      expect.objectContaining({
        file: 'stock/data.screen.json',
        pointer: '/queries/0/groupBy/0',
        message:
          'unknown column dimension "sku"; allowed: brand_id, category_id, channel_id, city_id, crawl_date, is_competitor, product_id, stock_status',
      }),
    );
    expect(logged[0]).toMatch(
      /stock\/data\.screen\.json:\d+:\d+#\/queries\/0\/groupBy\/0: unknown column dimension "sku"/,
    );

    fixture.edit('stock/data.screen.json', (s) => {
      s.queries[0].groupBy = ['product_id', 'channel_id'];
    });
    await settle(reg, () => reg.current() !== good);
    expect(reg.current().screens.get('stock/data')?.title).toBe('Broken');
    expect(reg.lastProblems()).toEqual([]);
  });

  it('without watch, edits are not picked up', async () => {
    fixture = copyFixtureScreens();
    const reg = (registry = await loadConfigRegistry(fixture.dir));
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.title = 'Changed';
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(reg.current().screens.get('stock/kpi')?.title).toBe('KPI');
  });
});
