import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { NotFoundError } from '../../../shared/errors.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { ConfigFileEntry } from '../../../shared/configEditor.js';
import type { ActiveAuth } from '../../access/auth/guards.js';

export interface Draft {
  userId: number;
  groupId: number;
  file: ConfigFileEntry;
  /** The whole config with the draft in place, validated; never saved. */
  snapshot: ConfigSnapshot;
}

const DRAFT_GONE = 'Draft not found or expired: validate the file again';

/**
 * Validated drafts the preview answers from, in memory only (a draft is never written). Each is
 * bound to the admin and group that validated it. A draft holds the whole parsed config (a few MB
 * with today's ~80 files), and every pause in typing makes one: a small LRU with a TTL keeps the
 * recent ones of a few editing admins and lets the rest go.
 */
export class DraftStore<T extends Pick<Draft, 'userId' | 'groupId'> = Draft> {
  private readonly drafts = new LRUCache<string, T>({ max: 32, ttl: 30 * 60_000, updateAgeOnGet: true });

  add(draft: T): string {
    const id = randomUUID();
    this.drafts.set(id, draft);
    return id;
  }

  /** The caller's own draft; someone else's (another admin, another group) is as unknown as a missing one. */
  get(id: string, auth: ActiveAuth): T {
    const draft = this.drafts.get(id);
    if (!draft || draft.userId !== auth.userId || draft.groupId !== auth.groupId)
      throw new NotFoundError(DRAFT_GONE);
    return draft;
  }
}

/** Which screen previews a file: the screen itself, a screen on the dataset, the area's first tab. */
export function previewScreenOf(
  snapshot: ConfigSnapshot,
  file: ConfigFileEntry,
): { area: string; screen: string } | null {
  let key: string | undefined;
  if (file.kind === 'screen') key = `${file.area!}/${file.id}`;
  else if (file.kind === 'area') key = `${file.id}/${snapshot.areas.get(file.id)?.tabs[0] ?? ''}`;
  else if (file.kind === 'dataset') key = [...snapshot.screens].find(([, s]) => s.dataset === file.id)?.[0];
  if (!key || !snapshot.screens.has(key)) return null;
  const [area = '', screen = ''] = key.split('/');
  return { area, screen };
}
