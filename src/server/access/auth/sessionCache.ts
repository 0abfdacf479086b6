import type { SessionRow } from '../../platform/store/storeDatabase.js';
import type { AuthContext } from './authContext.js';

export type CachedSession = SessionRow & {
  activities: string[];
  /** The caller of an active session with a group and no share link (built once per read). */
  context: Readonly<AuthContext> | null;
};

interface Entry {
  session: CachedSession;
  generation: number;
  storedAt: number;
}

/** Sessions held at once; the oldest go first (Map keeps insertion order). */
const MAX_ENTRIES = 10_000;

/**
 * The auth hook's copy of "session + user status + role activities", so a data call does not
 * pay a store round trip before its warehouse query. An entry is served only while
 *  - no write has gone through the store since it was read (blocking a user, a role change,
 *    logout, a revoked link: all take effect on the next call of this server), and
 *  - no other instance sharing the store announced a write since (src/server/platform/cluster: Redis
 *    pub/sub or LISTEN/NOTIFY moves `generation` too), and
 *  - it is younger than `ttlMs`, a backstop for writes no instance announced, and
 *  - the session has not expired.
 * `ttlMs` 0 turns the cache off. Entries are keyed by the token the caller sent, so a hit needs
 * no hashing; the token lives only in this process's memory, as it does in every request.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly generation: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Read before a session is fetched from the store, and passed back to `set`. */
  currentGeneration(): number {
    return this.generation();
  }

  get(token: string): CachedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = this.now();
    if (
      entry.generation !== this.generation() ||
      now - entry.storedAt >= this.ttlMs ||
      entry.session.expires_at.getTime() <= now
    ) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  /** `generation` is the store's write generation read *before* the session was fetched. */
  set(token: string, session: CachedSession, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation()) return;
    this.entries.delete(token);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { session, generation, storedAt: this.now() });
  }
}
