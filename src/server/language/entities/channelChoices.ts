import { BadRequestError } from '../../../shared/errors.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

export interface ChannelChoice {
  value: number;
  label: string;
}

/**
 * The channels a group can subscribe to: the warehouse's channel dimension (dim_channel), never a
 * fixed list — a marketplace added later (a channel profile) has its own id there.
 */
export async function channelChoices(warehouse: Warehouse): Promise<ChannelChoice[]> {
  const rows = await warehouse.query<{ channel_id: number; channel_name: string }>(
    'SELECT channel_id, channel_name FROM dim_channel ORDER BY channel_id',
  );
  return rows.map((r) => ({ value: Number(r.channel_id), label: r.channel_name }));
}

/**
 * A group or subscription save naming a channel dim_channel does not hold is refused (400, the
 * ids). The ids the group already holds pass, so a group saved before its channel left
 * dim_channel stays editable (the same rule as the mutation routes' lookup fields).
 */
export async function refuseUnknownChannels(
  warehouse: Warehouse,
  ids: readonly unknown[],
  held: readonly unknown[] | null = [],
): Promise<void> {
  const fresh = ids.filter((id) => !(held ?? []).includes(id));
  if (fresh.length === 0) return;
  const known = new Set((await channelChoices(warehouse)).map((c) => c.value));
  const unknown = fresh.filter((id) => typeof id !== 'number' || !known.has(id));
  if (unknown.length) throw new BadRequestError(`Unknown channel id(s): ${unknown.join(', ')}`);
}
