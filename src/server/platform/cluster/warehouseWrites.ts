import type { WarehouseVersion } from '../warehouse/warehouseVersion.js';
import type { BusListener, InvalidationBus } from './invalidationBus.js';

/** The channel of warehouse writes, beside the store's (invalidationBus.ts). */
export const WAREHOUSE_CHANNEL = 'shelfscope_warehouse_writes';

/**
 * Instances sharing a PostgreSQL warehouse tell each other of their writes, so an answer cached
 * on one instance is not served after a load made by another (a job's crawl or upload). A write
 * heard from another instance may have changed anything: it moves every version here. Own writes
 * are announced once per turn of the event loop, however many statements a load ran; while the
 * bus cannot hear the others, nothing cached is served.
 */
export async function shareWarehouseWrites(
  writes: WarehouseVersion,
  open: (listener: BusListener) => Promise<InvalidationBus>,
): Promise<InvalidationBus> {
  const bus = await open({ remoteWrite: () => writes.heard(), reconnected: () => writes.heard() });
  writes.trust(() => bus.connected());
  let pending = false;
  writes.onWrite(() => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      void bus.publish();
    });
  });
  return bus;
}
