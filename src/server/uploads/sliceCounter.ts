import type { UploadPlan } from './uploadPlan.js';

type Slice = Record<string, string | number>;

/** Counts loaded rows per slice (e.g. channel x month) as they stream past. */
export class SliceCounter {
  private readonly counts = new Map<string, { slice: Slice; rows: number }>();

  constructor(private readonly plan: UploadPlan) {}

  /** Counts the row last appended to `columns` (one array per target column). */
  countLast(columns: readonly (readonly unknown[])[]): void {
    const at = columns[0]!.length - 1;
    const row = this.plan.slice.map((s) => columns[s.target]![at]);
    let key = '';
    for (let i = 0; i < row.length; i++) key += `${this.value(row, i, this.plan.slice[i]!.month)}\u0000`;
    const hit = this.counts.get(key);
    if (hit) {
      hit.rows++;
      return;
    }
    const slice: Slice = {};
    this.plan.slice.forEach((s, i) => (slice[s.name] = this.value(row, i, s.month)));
    this.counts.set(key, { slice, rows: 1 });
  }

  private value(row: readonly unknown[], at: number, month: boolean): string | number {
    const v = row[at] as string | number;
    return month ? String(v).slice(0, 7) : v;
  }

  list(): { slice: Slice; rows: number }[] {
    return [...this.counts.values()];
  }
}
