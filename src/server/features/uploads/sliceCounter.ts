import type { UploadPlan } from './uploadPlan.js';

type Slice = Record<string, string | number>;

interface Count {
  slice: Slice;
  rows: number;
}

/**
 * Counts loaded rows per slice (e.g. channel x month) as they stream past: a tree of maps, one
 * level per slice field, keyed by the staged values (a date's month looked up once per date),
 * so a row costs a few map reads and no key text.
 */
export class SliceCounter {
  private readonly root = new Map<unknown, unknown>();
  private readonly counts: Count[] = [];
  /** Per month-grain field: date text -> its month. */
  private readonly months: (Map<unknown, string> | null)[];

  constructor(private readonly plan: UploadPlan) {
    this.months = plan.slice.map((s) => (s.month ? new Map() : null));
  }

  /** Counts the row last appended to `columns` (one array per staged column). */
  countLast(columns: readonly (readonly unknown[])[]): void {
    const at = columns[0]!.length - 1;
    const slice = this.plan.slice;
    const lastLevel = slice.length - 1;
    let node = this.root;
    for (let i = 0; i < lastLevel; i++) {
      const value = this.value(i, columns[slice[i]!.staged]![at]);
      let child = node.get(value) as Map<unknown, unknown> | undefined;
      if (!child) node.set(value, (child = new Map()));
      node = child;
    }
    const value = lastLevel < 0 ? '' : this.value(lastLevel, columns[slice[lastLevel]!.staged]![at]);
    const hit = node.get(value) as Count | undefined;
    if (hit) {
      hit.rows++;
      return;
    }
    const entry: Count = { slice: {}, rows: 1 };
    slice.forEach((s, i) => (entry.slice[s.name] = this.value(i, columns[s.staged]![at])));
    node.set(value, entry);
    this.counts.push(entry);
  }

  private value(i: number, v: unknown): string | number {
    const months = this.months[i];
    if (!months) return v as string | number;
    let month = months.get(v);
    if (month === undefined) months.set(v, (month = String(v).slice(0, 7)));
    return month;
  }

  list(): { slice: Slice; rows: number }[] {
    return [...this.counts];
  }
}
