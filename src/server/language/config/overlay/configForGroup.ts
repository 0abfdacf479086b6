import type { ConfigRegistry, ConfigSnapshot } from '../configRegistry.js';
import type { StoredConfig } from '../stored/storedConfig.js';
import type { GroupOverlay } from '../../../../shared/groupOverlay.js';
import { applyGroupOverlay } from './applyGroupOverlay.js';

// By global snapshot, then by overlay version: a reload or a new overlay version makes a new entry.
const served = new WeakMap<ConfigSnapshot, Map<number, ConfigSnapshot>>();

/**
 * The config one group's menu and screens are served from: the global config with that group's
 * overlay, or the global config itself when the group has none. Built once per global snapshot
 * and overlay version.
 */
export function configForGroup(
  config: ConfigRegistry,
  stored: StoredConfig | undefined,
  groupId: number | null,
): ConfigSnapshot {
  const global = config.current();
  const head = groupId === null ? null : (stored?.overlayOf(groupId) ?? null);
  if (!head) return global;
  let byVersion = served.get(global);
  if (!byVersion) served.set(global, (byVersion = new Map<number, ConfigSnapshot>()));
  let snapshot = byVersion.get(head.id);
  if (!snapshot) {
    snapshot = applyGroupOverlay(global, parseOverlay(head.text));
    byVersion.set(head.id, snapshot);
  }
  return snapshot;
}

/** Overlays are checked before they are stored; one that no longer parses changes nothing. */
function parseOverlay(text: string): GroupOverlay {
  try {
    return JSON.parse(text) as GroupOverlay;
  } catch {
    return {};
  }
}
