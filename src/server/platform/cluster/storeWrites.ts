import type { WriteGeneration } from '../store/writeGeneration.js';
import type { BusListener, InvalidationBus } from './invalidationBus.js';

/**
 * The store's write generation, extended across instances. Local writes move it (the Kysely
 * plugin) and are published before the response that made them leaves (`publishPending` in an
 * onSend hook), so a client that hears "done" from instance A and calls instance B finds B's
 * cache already dropped. Remote writes move it too. While the bus is down nobody can be heard,
 * so `generation()` never repeats and the session cache serves nothing.
 */
export class ClusterWrites implements BusListener {
  /** Bumps made for other instances' writes: `writes` minus these is this instance's own. */
  private remote = 0;
  private published = 0;
  private offline = 0;
  private bus: InvalidationBus | null = null;

  constructor(private readonly writes: WriteGeneration) {}

  attach(bus: InvalidationBus): void {
    this.bus = bus;
    this.published = this.local();
  }

  generation(): number {
    if (this.bus && !this.bus.connected()) return --this.offline;
    return this.writes.current();
  }

  remoteWrite(): void {
    this.remote++;
    this.writes.bump();
  }

  reconnected(): void {
    this.remoteWrite();
  }

  /** Publishes if this instance wrote since the last publish; undefined (no promise) if not. */
  publishPending(): Promise<void> | undefined {
    if (!this.bus) return undefined;
    const local = this.local();
    if (local === this.published) return undefined;
    this.published = local;
    return this.bus.publish();
  }

  private local(): number {
    return this.writes.current() - this.remote;
  }
}
