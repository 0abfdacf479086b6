/**
 * Crawls as jobs from the process monitor's trigger, over the demo's fixture
 * marketplace; the model-schema editor's messages; one group never sees another's runs or schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn } from './support/signIn.js';
import type { ApiClient } from './support/apiClient.js';
import { finishedRun } from './support/crawlRunPoll.js';
import { factDay } from '../../src/server/features/crawl/crawlTruth.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

interface Run {
  id: number;
  status: number;
  status_name: string;
  pages_total: number;
  pages_ok: number;
  pages_failed: number;
  rows_loaded: number;
  crawl_date: string;
}
interface Schema {
  id: number;
  name: string;
  crawl_type: number;
  schema_json: string;
}

beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server);
  rival = await signIn(server, 'rival@shelfscope.test');
}, 180_000);

afterAll(() => server?.close());

async function finished(id: number): Promise<Run[]> {
  const seen: Run[] = [];
  await finishedRun<Run>(demo, id, {
    tries: 600,
    onRun: (run) => {
      if (seen.at(-1)?.status !== run.status) seen.push(run);
    },
  });
  return seen;
}

describe('model schemas', () => {
  it('lists the group profiles and schemas, and refuses broken schemas with the spec messages', async () => {
    const profiles = (await demo.get<{ channel_id: number; response_type: string }[]>('channelprofile/list'))
      .body.data!;
    expect(profiles.map((p) => [p.channel_id, p.response_type])).toEqual([
      [1, 'HTML'],
      [4, 'HTML'],
      [49, 'JSON'],
      [61, 'JSON'],
      [62, 'JSON'],
    ]);
    const [web] = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    for (const [schema, msg] of [
      ['{"dataModel": []}', 'Data model Can Not Be Empty.'],
      ['{"dataModel": [', 'Model Schema Is Not A Valid JSON Object.'],
      ['', 'Can Not Submit An Empty Model Schema.'],
      [
        '{"dataModel": [{"name": "x", "source": "#x"}]}',
        'Each Data Model Object Must Have Type, Source And defaultValue.',
      ],
    ]) {
      const res = await demo.put('modelschemas/update', {
        id: web!.id,
        name: web!.name,
        crawl_type: 0,
        schema,
      });
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    const badType = await demo.put('modelschemas/update', {
      id: web!.id,
      name: web!.name,
      crawl_type: 9,
      schema: web!.schema_json,
    });
    expect(badType.body.msg).toBe('Invalid Schema Type.');
    const saved = await demo.put('modelschemas/update', {
      id: web!.id,
      name: web!.name,
      crawl_type: 3,
      schema: web!.schema_json,
    });
    expect([saved.status, saved.body.msg]).toEqual([200, 'Schema Updated Successfully !']);
    const inserted = await demo.post('modelschemas/insert', {
      name: 'Copy',
      crawl_type: 0,
      schema: web!.schema_json,
    });
    expect(inserted.body.msg).toBe('New Schema Model Inserted Successfully !');
  });

  it('tests a schema against the channel sample page before saving', async () => {
    const [web] = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    const res = await demo.post<{ fields: Record<string, unknown> }>('modelschemas/test', {
      channel_id: 1,
      schema: web!.schema_json,
    });
    expect([res.status, res.body.msg]).toEqual([200, 'Success']);
    expect(typeof res.body.data!.fields.title).toBe('string');
    expect([0, 1, 2]).toContain(res.body.data!.fields.stock_status);
  });
});

describe('model schema sources against the response type', () => {
  const broken = (schemaJson: string) => {
    const parsed = JSON.parse(schemaJson) as { dataModel: { name: string; source: string }[] };
    parsed.dataModel[0]!.source = '$.price';
    return { text: JSON.stringify(parsed), name: parsed.dataModel[0]!.name };
  };
  const message = (name: string) =>
    `${name}: "$.price" is a JSONPath; an HTML schema's source is a CSS selector, e.g. .price`;

  it('answers a JSONPath on an HTML schema with a message at the field, on Test and Insert, and saves nothing', async () => {
    const [web] = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    const { text, name } = broken(web!.schema_json);
    const tested = await demo.post('modelschemas/test', {
      channel_id: 1,
      schema: text,
      response_type: 'HTML',
    });
    expect([tested.status, tested.body.msg]).toEqual([400, message(name)]);
    expect((tested.body.data as { problems: unknown[] }).problems).toEqual([
      { path: 'dataModel[0].source', message: message(name) },
    ]);
    const count = async () => (await demo.get<Schema[]>('modelschemas/list')).body.data!.length;
    const before = await count();
    const inserted = await demo.post('modelschemas/insert', {
      name: 'Broken',
      crawl_type: 0,
      response_type: 'HTML',
      schema: text,
    });
    expect([inserted.status, inserted.body.msg]).toEqual([400, message(name)]);
    const updated = await demo.put('modelschemas/update', {
      id: web!.id,
      name: web!.name,
      crawl_type: 0,
      schema: text,
    });
    expect(updated.status).toBe(400);
    expect(await count()).toBe(before);
    expect((await demo.get<Schema[]>('modelschemas/list')).body.data![0]!.schema_json).toBe(web!.schema_json);

    // An unparsable selector is a 400 too, never a 500; a JSON channel's sample is not read by an HTML schema.
    const parsed = JSON.parse(web!.schema_json) as { dataModel: { source: string }[] };
    parsed.dataModel[0]!.source = 'div[';
    const selector = await demo.post('modelschemas/test', { channel_id: 1, schema: JSON.stringify(parsed) });
    expect(selector.status).toBe(400);
    expect(selector.body.msg).toContain('is not a valid CSS selector.');
    const otherKind = await demo.post('modelschemas/test', {
      channel_id: 61,
      schema: web!.schema_json,
      response_type: 'HTML',
    });
    expect([otherKind.status, otherKind.body.msg]).toEqual([
      400,
      'This schema reads HTML pages; the sample page of this channel is JSON.',
    ]);
  });

  it('audits a schema change with its group, before and after', async () => {
    const [web] = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    const saved = await demo.put('modelschemas/update', {
      id: web!.id,
      name: 'Renamed',
      crawl_type: web!.crawl_type,
      schema: web!.schema_json,
    });
    expect(saved.status).toBe(200);
    const [entry] = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['group_id', 'detail'])
      .where('action', '=', 'modelSchema.updated')
      .where('target', '=', `modelSchema:${web!.id}`)
      .orderBy('id', 'desc')
      .execute();
    expect(entry!.group_id).toBe(1);
    const detail = entry!.detail as unknown as { before: { name: string }; after: { name: string } };
    expect([detail.before.name, detail.after.name]).toEqual([web!.name, 'Renamed']);
    await demo.put('modelschemas/update', {
      id: web!.id,
      name: web!.name,
      crawl_type: web!.crawl_type,
      schema: web!.schema_json,
    });
  });
});

describe('a crawl from the process monitor', () => {
  it('runs Waiting -> In Progress -> Success and loads one row per page', async () => {
    const started = await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 61, crawl_type: 3 });
    expect([started.body.msg, started.body.data?.status]).toEqual(['Crawl initiated', 5]);
    const states = await finished(started.body.data!.id);
    const last = states.at(-1)!;
    expect(last.status_name).toBe('Success');
    expect(last.pages_total).toBeGreaterThan(50);
    expect([last.pages_ok, last.pages_failed]).toEqual([last.pages_total, 0]);
    const [count] = await server.server.app.deps.warehouse.query<{ n: number }>(
      'SELECT COUNT(*)::INTEGER AS n FROM fact_stock WHERE group_id = 1 AND channel_id = 61 AND crawl_date = $1',
      [last.crawl_date],
    );
    expect(count!.n).toBe(last.pages_total);
    const logs = await demo.get<{ pages: { reason: string | null }[] }>('processmonitor/crawl/logs', {
      run_id: last.id,
      limit: 5,
    });
    expect(logs.body.data!.pages).toHaveLength(5);
  });

  it('after a schema that failed some pages, the fixed schema crawls every tracked page again and restores the day', async () => {
    const wh = server.server.app.deps.warehouse;
    const key = { groupId: 1, channelId: 61, date: '' };
    const first = (
      await finished((await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 61 })).body.data!.id)
    ).at(-1)!;
    key.date = first.crawl_date;
    const before = await factDay(wh, 'fact_price', key);
    const app = (await demo.get<Schema[]>('modelschemas/list')).body.data!.find(
      (s) => s.name === 'Product answer (app)',
    )!;
    const save = (json: string) =>
      demo.put('modelschemas/update', {
        id: app.id,
        name: app.name,
        crawl_type: app.crawl_type,
        schema: json,
      });
    // The price read from `mrp`: the pages that leave MRP out (1 in 10) fail and leave no row.
    const parsed = JSON.parse(app.schema_json) as { dataModel: { name: string; source: string }[] };
    for (const e of parsed.dataModel) if (e.name === 'selling_price') e.source = '$..mrp';
    expect((await save(JSON.stringify(parsed))).body.msg).toBe('Schema Updated Successfully !');
    const broken = (
      await finished((await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 61 })).body.data!.id)
    ).at(-1)!;
    expect(broken.status_name).toBe('Mismatch');
    expect(broken.pages_failed).toBeGreaterThan(0);
    expect((await factDay(wh, 'fact_price', key)).length).toBeLessThan(before.length);

    // The market keeps its own truth and the failed pages are still tracked: the day comes back whole.
    expect((await save(app.schema_json)).body.msg).toBe('Schema Updated Successfully !');
    const fixed = (
      await finished((await demo.post<Run>('processmonitor/crawl/trigger', { channel_id: 61 })).body.data!.id)
    ).at(-1)!;
    expect([fixed.status_name, fixed.pages_total]).toEqual(['Success', first.pages_total]);
    expect(await factDay(wh, 'fact_price', key)).toEqual(before);
  });

  it('keeps runs, logs and schemas of one group away from another', async () => {
    const runs = (await demo.get<Run[]>('processmonitor/process_status')).body.data!;
    expect(runs.length).toBeGreaterThan(0);
    expect(
      (await rival.get<Run[]>('processmonitor/process_status')).body.data!.map((r) => r.id),
    ).not.toContain(runs[0]!.id);
    expect((await rival.get('processmonitor/crawl/logs', { run_id: runs[0]!.id })).status).toBe(404);
    const [web] = (await demo.get<Schema[]>('modelschemas/list')).body.data!;
    const theirs = await rival.put('modelschemas/update', {
      id: web!.id,
      name: 'x',
      crawl_type: 0,
      schema: web!.schema_json,
    });
    expect(theirs.body.msg).toBe('Unable to Update Schema Model.');
    expect((await rival.get<Schema[]>('modelschemas/list')).body.data!.map((s) => s.id)).not.toContain(
      web!.id,
    );
  });

  it('answers bad input with a 400', async () => {
    expect((await demo.post('processmonitor/crawl/trigger', { channel_id: 'x' })).status).toBe(400);
    expect((await demo.get('processmonitor/process_status', { delay: 45 })).status).toBe(400);
    expect((await demo.post('processmonitor/crawl/trigger', { channel_id: 999 })).status).toBe(400);
  });
});
