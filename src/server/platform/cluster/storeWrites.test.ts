import { describe, expect, it } from 'vitest';
import { WriteGeneration } from '../store/writeGeneration.js';
import type { InvalidationBus } from './invalidationBus.js';
import { ClusterWrites } from './storeWrites.js';

function setup() {
  const writes = new WriteGeneration();
  const bus = { kind: 'redis' as const, up: true, sent: 0 };
  const busApi: InvalidationBus = {
    kind: bus.kind,
    publish: () => {
      bus.sent++;
      return Promise.resolve();
    },
    connected: () => bus.up,
    close: () => Promise.resolve(),
  };
  const cluster = new ClusterWrites(writes);
  cluster.attach(busApi);
  return { writes, bus, cluster };
}

describe('ClusterWrites', () => {
  it('publishes once for the writes made here since the last publish', async () => {
    const { writes, bus, cluster } = setup();
    expect(cluster.publishPending()).toBeUndefined();
    writes.bump();
    writes.bump();
    await cluster.publishPending();
    expect(bus.sent).toBe(1);
    expect(cluster.publishPending()).toBeUndefined();
  });

  it("moves the generation on another instance's write without echoing it back", () => {
    const { bus, cluster } = setup();
    const before = cluster.generation();
    cluster.remoteWrite();
    expect(cluster.generation()).not.toBe(before);
    expect(cluster.publishPending()).toBeUndefined();
    expect(bus.sent).toBe(0);
  });

  it('never repeats a generation while the bus is down, so nothing cached is served', () => {
    const { bus, cluster } = setup();
    bus.up = false;
    const a = cluster.generation();
    expect(cluster.generation()).not.toBe(a);
  });

  it('counts a reconnection as a write (messages may have been missed)', () => {
    const { cluster } = setup();
    const before = cluster.generation();
    cluster.reconnected();
    expect(cluster.generation()).not.toBe(before);
  });
});
