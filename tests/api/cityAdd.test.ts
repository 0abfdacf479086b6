/**
 * The city list of master/data_settings — import (the existing `cities` upload) and
 * single-row add (the warehouse entity `trackedCity` on `setup_city_list`), both shown at once
 * by the city grid, which reads the table through the rows route (the table has no date, so no
 * dataset reads it). Bad bodies answer 400 and write nothing; nothing crosses groups. Runs on
 * both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_MSG } from '../../src/server/language/entities/cityListEntity.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';

type Row = Record<string, unknown>;
const ADD = 'mutate/master/data_settings/addCity';
const ROWS = 'rows/master/data_settings/trackedCity';
const UPLOAD = 'uploads/master/data_settings/cities';

describe('city list: import, add, the grid', () => {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;
  let cities: string[];

  const grid = async (client: ApiClient, query: Row = {}) =>
    (await client.get<{ rows: Row[]; total: number }>(ROWS, { limit: 100, ...query })).body.data!;
  /** Fingerprint of a group's city list: any write to it changes it. */
  const snapshot = async (groupId: number) =>
    JSON.stringify(
      await server.server.app.deps.warehouse.query(
        `SELECT list_id, channel_id, city_id, stores_tracked, updated_at FROM setup_city_list
         WHERE group_id = $1 ORDER BY list_id`,
        [groupId],
      ),
    );

  beforeAll(async () => {
    server = await startTestServer();
    cities = (
      await server.server.app.deps.warehouse.query<{ s: string }>(
        'SELECT city_name AS s FROM dim_city ORDER BY 1 LIMIT 3',
      )
    ).map((r) => r.s);
    demo = await signIn(server);
    rival = await signIn(server, DEMO_USERS.rival);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('an imported list shows in the grid with ids; an added city shows at once, audited', async () => {
    const file = await xlsxOf(
      ['Channel', 'City', 'Stores Tracked'],
      [
        ['Amazon', cities[0], 10],
        ['Amazon', cities[1], 20],
      ],
    );
    const loaded = await uploadFile(demo, UPLOAD, { name: 'cities.xlsx', type: XLSX_MIME, bytes: file });
    expect(loaded.body.msg).toBe('2 rows loaded.');
    const before = await grid(demo, { order_by: 'city_name' });
    expect(before.total).toBe(2);
    expect(before.rows.map((r) => [r.channel_name, r.city_name, r.stores_tracked])).toEqual([
      ['Amazon', cities[0], 10],
      ['Amazon', cities[1], 20],
    ]);
    expect(new Set(before.rows.map((r) => r.id)).size).toBe(2);

    const added = await demo.post<{ id: number; row: Row }>(ADD, {
      channel_name: 'flipkart',
      city_name: cities[2],
      stores_tracked: 7,
    });
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('City Added Successfully');
    const after = await grid(demo, { order_by: 'stores_tracked', order_type: 'desc' });
    expect(after.total).toBe(3);
    expect(after.rows.map((r) => [r.channel_name, r.city_name, r.stores_tracked])).toEqual([
      ['Amazon', cities[1], 20],
      ['Amazon', cities[0], 10],
      ['Flipkart', cities[2], 7],
    ]);
    expect(after.rows[2]!.id).toBe(added.body.data!.id);
    const audits = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['group_id', 'target'])
      .where('action', '=', 'trackedCity.created')
      .execute();
    expect(audits).toEqual([{ group_id: 1, target: `trackedCity:${added.body.data!.id}` }]);
  });

  it('bad bodies answer 400 with their message and write nothing', async () => {
    const before = await snapshot(1);
    const good = { channel_name: 'Amazon', city_name: cities[2], stores_tracked: 5 };
    const cases: [Row, string][] = [
      [{ ...good, channel_name: '' }, 'Channel can not be empty'],
      [{ ...good, city_name: '  ' }, 'City can not be empty'],
      [{ channel_name: 'Amazon', city_name: cities[2] }, 'Stores Tracked can not be empty'],
      [{ ...good, channel_name: 'Nowhere Mart' }, CITY_MSG.unknownChannel],
      [{ ...good, city_name: 'Atlantis' }, CITY_MSG.unknownCity],
      [{ ...good, city_name: cities[0] }, CITY_MSG.duplicate],
    ];
    for (const [body, message] of cases) {
      const answer = await demo.post(ADD, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toBe(message);
    }
    for (const body of [
      { ...good, stores_tracked: -1 },
      { ...good, stores_tracked: 'many' },
      { ...good, group_id: 2 },
      { ...good, city_name: 'x'.repeat(101) },
    ]) {
      expect((await demo.post(ADD, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot(1)).toBe(before);
    expect((await demo.get(ROWS, { order_by: 'group_id' })).status).toBe(400);
  });

  it("another group sees and adds only its own cities; this group's list is untouched", async () => {
    const before = await snapshot(1);
    expect((await grid(rival)).total).toBe(0);
    const added = await rival.post<{ id: number }>(ADD, {
      channel_name: 'Amazon',
      city_name: cities[0],
      stores_tracked: 3,
    });
    expect(added.status).toBe(200);
    const theirs = await grid(rival);
    expect(theirs.rows.map((r) => [r.city_name, r.stores_tracked])).toEqual([[cities[0], 3]]);
    expect(await snapshot(1)).toBe(before);
    expect((await grid(demo)).rows.some((r) => r.id === added.body.data!.id)).toBe(false);
  });
});
