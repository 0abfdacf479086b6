import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a block of warehouse writes may change: one group's rows on the days from `from` on (a
 * crawl load replaces a channel's day, then re-derives what follows from it: new violations and
 * lost sales from that day on). A write made outside any scope may change anything.
 */
export interface WriteScope {
  groupId: number;
  /** YYYY-MM-DD: the first day whose rows the writes may change; later days may change too. */
  from: string;
}

/**
 * What an answer reads: one group's rows of no day after `through` (YYYY-MM-DD). How far back it
 * reads does not matter: a scoped write changes every day from its `from` on.
 */
export interface DaysRead {
  groupId: number;
  through: string;
}

const scopes = new AsyncLocalStorage<WriteScope>();

/**
 * Runs `writes` with every warehouse write in it counted as touching only `scope`, so answers
 * over other groups or over days before `scope.from` stay cached (warehouseVersion.ts). The
 * caller vouches that its writes change nothing else that a data query reads.
 */
export function writingDays<T>(scope: WriteScope, writes: () => Promise<T>): Promise<T> {
  return scopes.run(scope, writes);
}

/** The scope the current write runs in, if any. */
export function currentWriteScope(): WriteScope | undefined {
  return scopes.getStore();
}
