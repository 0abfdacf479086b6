import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { TEST_PG_URL } from '../warehouse/testing/pgTestWarehouse.js';
import type { BusListener, InvalidationBus } from './invalidationBus.js';
import { openPgNotifyBus } from './pgNotifyBus.js';
import { commandConnection, openRedisBus } from './redisBus.js';
import { shareWarehouseWrites } from './warehouseWrites.js';
import { WarehouseVersion } from '../warehouse/warehouseVersion.js';
import { writingDays } from '../warehouse/writeScope.js';

const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = Fastify({ logger: false }).log;
const opened: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

function counter(): BusListener & { heard: number } {
  const listener = {
    heard: 0,
    remoteWrite: () => void listener.heard++,
    reconnected: () => undefined,
  };
  return listener;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Two instances' buses: what one publishes the other hears, and nobody hears itself. */
async function roundTrip(open: (id: string, listener: BusListener) => Promise<InvalidationBus>) {
  const a = counter();
  const b = counter();
  const busA = await open('a', a);
  const busB = await open('b', b);
  opened.push(
    () => busA.close(),
    () => busB.close(),
  );
  await until(() => busA.connected() && busB.connected());
  await busA.publish();
  await until(() => b.heard === 1);
  await busB.publish();
  await until(() => a.heard === 1);
  await new Promise((r) => setTimeout(r, 100));
  expect([a.heard, b.heard]).toEqual([1, 1]);
}

describe('invalidation buses', () => {
  it('PostgreSQL LISTEN/NOTIFY carries a write to the other instance', async () => {
    await roundTrip((id, listener) => openPgNotifyBus(TEST_PG_URL, id, listener, log));
  });

  it('PostgreSQL: writes at once send one NOTIFY at a time, and the other instance hears them', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(w.message);
    process.on('warning', onWarning);
    opened.push(() => void process.off('warning', onWarning));
    const b = counter();
    const busA = await openPgNotifyBus(TEST_PG_URL, 'a', counter(), log);
    const busB = await openPgNotifyBus(TEST_PG_URL, 'b', b, log);
    opened.push(
      () => busA.close(),
      () => busB.close(),
    );
    await until(() => busA.connected() && busB.connected());
    await Promise.all([busA.publish(), busA.publish()]);
    const heard = b.heard;
    await Promise.all(Array.from({ length: 20 }, () => busA.publish()));
    await until(() => b.heard > heard);
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });

  it('Redis pub/sub carries a write to the other instance', async () => {
    await roundTrip((id, listener) => {
      const commands = commandConnection(REDIS_URL, log);
      opened.push(() => commands.disconnect());
      return Promise.resolve(openRedisBus(REDIS_URL, commands, id, listener, log));
    });
  });

  it('Redis: a sync hears a write whose message has not arrived, and not its own', async () => {
    const channel = `shelfscope_sync_test_${process.pid}_${Date.now()}`;
    const commands = commandConnection(REDIS_URL, log);
    const a = counter();
    const b = counter();
    const busA = openRedisBus(REDIS_URL, commands, 'a', a, log, channel);
    const busB = openRedisBus(REDIS_URL, commands, 'b', b, log, channel);
    opened.push(
      () => busA.close(),
      () => busB.close(),
      () => void commands.del(`${channel}:count`).finally(() => commands.disconnect()),
    );
    await until(() => busA.connected() && busB.connected() && commands.status === 'ready');
    await Promise.all([busA.sync!(), busB.sync!()]);
    expect([a.heard, b.heard]).toEqual([0, 0]);
    // An announcement counted whose message is still on its way (here: never sent).
    await commands.incr(`${channel}:count`);
    await busB.sync!();
    expect(b.heard).toBe(1);
    await busB.sync!();
    expect(b.heard).toBe(1);
    // Its own announcement moves nothing on a's sync; b hears it (message, count or both).
    await busA.sync!();
    a.heard = 0;
    await busA.publish();
    await busA.sync!();
    expect(a.heard).toBe(0);
    const before = b.heard;
    await busB.sync!();
    expect(b.heard).toBeGreaterThan(before);
  });

  it('with Redis unreachable the bus reports itself down instead of waiting', async () => {
    const url = 'redis://127.0.0.1:1';
    const commands = commandConnection(url, log);
    const bus = openRedisBus(url, commands, 'x', counter(), log);
    opened.push(
      () => commands.disconnect(),
      () => bus.close(),
    );
    const started = Date.now();
    await bus.publish();
    expect(Date.now() - started).toBeLessThan(500);
    expect(bus.connected()).toBe(false);
  });
});

describe('warehouse writes across instances', () => {
  it("moves the other instance's versions after a write, and trusts nothing while deaf", async () => {
    const channel = `shelfscope_wh_test_${process.pid}_${Date.now()}`;
    const commands = commandConnection(REDIS_URL, log);
    opened.push(() => void commands.del(`${channel}:count`).finally(() => commands.disconnect()));
    const open = (id: string) => (listener: BusListener) =>
      Promise.resolve(openRedisBus(REDIS_URL, commands, id, listener, log, channel));
    const [a, b] = [new WarehouseVersion(), new WarehouseVersion()];
    const busA = await shareWarehouseWrites(a, open('a'));
    const busB = await shareWarehouseWrites(b, open('b'));
    opened.push(
      () => busA.close(),
      () => busB.close(),
    );
    await until(() => busA.connected() && busB.connected() && commands.status === 'ready');
    const read = { groupId: 1, through: '2026-01-31' };
    const [seenA, seenB] = [a.of(read), b.of(read)];
    // A crawl load of a later day on a: a's version of January stays, b's moves (b cannot tell which days).
    await writingDays({ groupId: 1, from: '2026-02-01' }, () => a.around(() => Promise.resolve()));
    await until(() => b.of(read) !== seenB);
    expect(a.of(read)).toBe(seenA);
    // Its own announcement does not come back to a.
    await new Promise((r) => setTimeout(r, 100));
    expect(a.of(read)).toBe(seenA);
    // Deaf: no version repeats on b, so nothing it cached is served.
    await busB.close();
    await until(() => !busB.connected());
    expect(b.of(read)).not.toBe(b.of(read));
    expect(b.current()).not.toBe(b.current());
  });
});
