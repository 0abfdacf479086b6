import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { TEST_PG_URL } from '../warehouse/testing/pgTestWarehouse.js';
import type { BusListener, InvalidationBus } from './invalidationBus.js';
import { openPgNotifyBus } from './pgNotifyBus.js';
import { commandConnection, openRedisBus } from './redisBus.js';

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

  it('Redis pub/sub carries a write to the other instance', async () => {
    await roundTrip((id, listener) => {
      const commands = commandConnection(REDIS_URL, log);
      opened.push(() => commands.disconnect());
      return Promise.resolve(openRedisBus(REDIS_URL, commands, id, listener, log));
    });
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
