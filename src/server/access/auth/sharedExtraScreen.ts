import type { Deps } from '../../platform/deps.js';
import { activitiesOf } from '../../platform/store/accessRepo.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';

/**
 * What a share link of a group's extra screen (docs/config-storage.md) lets its viewer read: the
 * activities of the product screens its widgets' data comes from, as the group's overlay says now,
 * and only those its creator still holds (a link never shows more than its creator may open).
 * Undefined for a link of a product screen; empty when the extra screen is gone from the overlay.
 */
export async function sharedScreenSources(
  deps: Deps,
  link: { screen: string; group_id: number; created_by: number },
): Promise<string[] | undefined> {
  const data = deps.config.current();
  if (data.screens.has(link.screen)) return undefined;
  const extra = configForGroup(deps.config, deps.storedConfig, link.group_id).screens.get(link.screen);
  if (!extra) return [];
  const read = new Set<string>();
  for (const q of extra.queries ?? []) {
    const binding = data.endpoints.get(q.endpoint);
    const owner = binding ? data.screens.get(binding.screenKey) : undefined;
    if (owner) read.add(owner.permission);
  }
  const held = new Set(await activitiesOf(deps.store.db, link.created_by, link.group_id));
  return [...read].filter((p) => held.has(p));
}
