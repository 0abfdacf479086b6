import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../../platform/store/storeDatabase.js';
import { configHeads, type ConfigVersionHead } from './configVersionsRepo.js';
import { OVERLAY_PATH } from './configVersionsTable.js';

/** sha256 of a text, the way a stored save remembers the file in git it was made over. */
export const shaOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The file in git (the screens folder on this instance's disk), or null when there is none. */
export function gitText(dir: string, relativePath: string): string | null {
  try {
    return readFileSync(path.join(dir, relativePath), 'utf8');
  } catch {
    return null;
  }
}

/** How one stored file stands against the file in git. */
export interface StoredFileState {
  head: ConfigVersionHead;
  /** False when the file in git changed since the save: the file in git serves (docs/config-storage.md). */
  applies: boolean;
}

/**
 * The saves held in the store, read into memory on every instance: the newest version of each
 * edited file and each group's overlay. `reload` reads them again (after a save here, or when
 * another instance says it saved); `generation` moves with each reload so the config registry
 * rebuilds on its next read. Requests wait for a reload in flight (`settled`), so a call that
 * follows a save on another instance is answered with it.
 */
export class StoredConfig {
  private db: Kysely<StoreDatabase> | null = null;
  private files = new Map<string, ConfigVersionHead>();
  private overlays = new Map<number, ConfigVersionHead>();
  private running: Promise<void> | null = null;
  private again = false;
  private publish: (() => Promise<void>) | null = null;
  generation = 0;

  /** Starts reading from the store (once it is open and migrated). */
  async attach(db: Kysely<StoreDatabase>): Promise<void> {
    this.db = db;
    await this.reload();
  }

  /** How saves are announced to the other instances (platform/cluster/configChannel.ts). */
  announceWith(publish: () => Promise<void>): void {
    this.publish = publish;
  }

  /** Reads the heads again; calls made while one read runs share one more read after it. */
  reload(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        await this.readHeads();
      } while (this.again);
    };
    this.running = run().finally(() => (this.running = null));
    return this.running;
  }

  /** Reloads after a save here and tells the other instances, before the save's answer leaves. */
  async saved(): Promise<void> {
    await this.reload();
    await this.publish?.();
  }

  /** A reload in flight, or null: the request hook waits for it. */
  settled(): Promise<void> | null {
    return this.running;
  }

  /** Stored texts that serve over the files in `dir`: saves made over the file that is there now. */
  overrides(dir: string): Map<string, string> {
    const texts = new Map<string, string>();
    for (const state of this.states(dir)) if (state.applies) texts.set(state.head.path, state.head.text);
    return texts;
  }

  states(dir: string): StoredFileState[] {
    return [...this.files.values()].map((head) => {
      const git = gitText(dir, head.path);
      return { head, applies: (git === null ? null : shaOf(git)) === head.baseSha };
    });
  }

  fileState(dir: string, relativePath: string): StoredFileState | null {
    return this.states(dir).find((s) => s.head.path === relativePath) ?? null;
  }

  overlayOf(groupId: number): ConfigVersionHead | null {
    return this.overlays.get(groupId) ?? null;
  }

  private async readHeads(): Promise<void> {
    if (!this.db) return;
    const heads = await configHeads(this.db);
    // A dropped save is history only: the file in git serves.
    this.files = new Map(heads.filter((h) => h.groupId === null && !h.dropped).map((h) => [h.path, h]));
    this.overlays = new Map(
      heads.filter((h) => h.groupId !== null && h.path === OVERLAY_PATH).map((h) => [h.groupId!, h]),
    );
    this.generation++;
  }
}
