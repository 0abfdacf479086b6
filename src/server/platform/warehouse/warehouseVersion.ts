import { currentWriteScope, mayChange, type DaysRead, type WriteScope } from './writeScope.js';

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

/** A write made in a scope (writeScope.ts): the version it started at, and ended at once done. */
interface ScopedWrite {
  scope: WriteScope;
  started: number;
  ended?: number;
}

/** Scoped writes remembered one by one; older ones are folded into `floor`. */
const KEPT_WRITES = 256;

/**
 * Counts writes to the warehouse so answers computed from it (the result cache) can be keyed by
 * what they read. The counter moves when a write starts and again when it ends: an answer read
 * while a load ran is stored under a version no request after the load asks for.
 *
 * `of(read)` is the version of one group's days: it moves only on a write that may change them.
 * A write outside any scope may change anything (it moves `floor`, under every version); a crawl
 * load of day D in a scope moves only its group's versions of reads that reach D.
 */
export class WarehouseVersion {
  private value = 0;
  /** The version after the newest write that every read depends on. */
  private floor = 0;
  private readonly scoped: ScopedWrite[] = [];
  private readonly listeners: (() => void)[] = [];
  private trusted: () => boolean = () => true;

  current(): number {
    if (!this.trusted()) return ++this.value;
    return this.value;
  }

  of(read: DaysRead): number {
    if (!this.trusted()) return ++this.value;
    let version = this.floor;
    for (const w of this.scoped)
      if (mayChange(w.scope, read)) version = Math.max(version, w.ended ?? w.started);
    return version;
  }

  async around<T>(write: () => Promise<T>, scope = currentWriteScope()): Promise<T> {
    const started = ++this.value;
    const mark: ScopedWrite | null = scope ? { scope, started } : null;
    if (mark) this.remember(mark);
    else this.floor = Math.max(this.floor, started);
    try {
      return await write();
    } finally {
      const ended = ++this.value;
      if (mark) mark.ended = ended;
      else this.floor = Math.max(this.floor, ended);
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

  /** Keeps the newest scoped writes; an ended one that falls out raises `floor` to its end. */
  private remember(mark: ScopedWrite): void {
    this.scoped.push(mark);
    while (this.scoped.length > KEPT_WRITES && this.scoped[0]!.ended !== undefined)
      this.floor = Math.max(this.floor, this.scoped.shift()!.ended!);
  }
}
