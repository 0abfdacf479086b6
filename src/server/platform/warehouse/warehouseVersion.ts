import { currentWriteScope, type DaysRead, type WriteScope } from './writeScope.js';

/** Leading keyword of a statement that changes data or schema (a plain read starts with SELECT). */
const WRITE_SQL =
  /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|attach|detach|load|import)\b/i;
/** A write anywhere in a WITH statement: its main statement or a data-modifying CTE (PostgreSQL). */
const WRITE_IN_WITH = /\b(insert|update|delete|merge)\b/i;
/** String literals and comments, where a write keyword is only text. */
const NOT_SQL = /'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g;

/**
 * Whether a statement may change the warehouse. A WITH statement is a read unless it writes: the
 * insights and case rules read through CTEs while requests are served, and counting those as
 * writes moved the version under every cached answer (a miss on a repeated call).
 */
export function isWriteSql(sql: string): boolean {
  if (WRITE_SQL.test(sql)) return true;
  if (!/^\s*with\b/i.test(sql)) return false;
  return WRITE_IN_WITH.test(sql.replace(NOT_SQL, ' '));
}

/**
 * Counts writes to the warehouse so answers computed from it (the result cache) can be keyed by
 * what they read. The counter moves when a write starts and again when it ends: an answer read
 * while a load ran is stored under a version no request after the load asks for.
 *
 * `of(read)` is the version of one group's days: it moves only on a write that may change them.
 * A write outside any scope may change anything (it moves `floor`, under every version); a crawl
 * load of day D in a scope moves only its group's versions of reads that reach D. Scoped writes
 * are kept per group and first day, the newest version of each: a day's many loads are one entry.
 */
export class WarehouseVersion {
  private value = 0;
  /** The version after the newest write that every read depends on. */
  private floor = 0;
  /** Per group, per first day a scoped write changed: the version of the newest such write. */
  private readonly days = new Map<number, Map<string, number>>();
  private readonly listeners: (() => void)[] = [];
  private trusted: () => boolean = () => true;

  current(): number {
    if (!this.trusted()) return ++this.value;
    return this.value;
  }

  of(read: DaysRead): number {
    if (!this.trusted()) return ++this.value;
    let version = this.floor;
    for (const [from, written] of this.days.get(read.groupId) ?? [])
      if (from <= read.through) version = Math.max(version, written);
    return version;
  }

  async around<T>(write: () => Promise<T>, scope = currentWriteScope()): Promise<T> {
    this.mark(++this.value, scope);
    try {
      return await write();
    } finally {
      this.mark(++this.value, scope);
      for (const listener of this.listeners) listener();
    }
  }

  /** A write another instance made (heard on the cluster's bus): it may have changed anything. */
  heard(): void {
    this.floor = ++this.value;
  }

  /** Calls `listener` after each write counted here ends (the cluster announces it). */
  onWrite(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * While `trusted()` says no (the cluster's bus cannot hear the other instances), no version
   * repeats, so no cached answer is served: another instance's write may go unheard.
   */
  trust(trusted: () => boolean): void {
    this.trusted = trusted;
  }

  /** A write's start or end at `version`: in its scope's group and day, or under every read. */
  private mark(version: number, scope: WriteScope | undefined): void {
    if (!scope) {
      this.floor = Math.max(this.floor, version);
      return;
    }
    let days = this.days.get(scope.groupId);
    if (!days) this.days.set(scope.groupId, (days = new Map<string, number>()));
    days.set(scope.from, Math.max(days.get(scope.from) ?? 0, version));
  }
}
