/** Latencies and outcomes of one kind of request (screens, sign-ins, flood). */
export class Tally {
  readonly ms: number[] = [];
  readonly statuses = new Map<string, number>();
  errors = 0;
  hits = 0;
  misses = 0;

  add(ms: number, status: number | string, ok: boolean, cache?: string | string[]): void {
    this.ms.push(ms);
    this.statuses.set(String(status), (this.statuses.get(String(status)) ?? 0) + 1);
    if (!ok) this.errors++;
    if (cache === 'hit') this.hits++;
    else if (cache === 'miss') this.misses++;
  }

  percentile(p: number): number {
    if (this.ms.length === 0) return 0;
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }

  line(name: string, seconds: number): string {
    const statuses = [...this.statuses].map(([s, n]) => `${s}:${n}`).join(' ');
    const cached =
      this.hits + this.misses
        ? `, cache hit ${((100 * this.hits) / (this.hits + this.misses)).toFixed(1)}%`
        : '';
    return (
      `${name.padEnd(9)} ${String(this.ms.length).padStart(6)} req, ${(this.ms.length / seconds).toFixed(1).padStart(6)} req/s, ` +
      `p50 ${this.percentile(50).toFixed(0)} ms, p95 ${this.percentile(95).toFixed(0)} ms, p99 ${this.percentile(99).toFixed(0)} ms, ` +
      `errors ${this.errors}${cached} [${statuses}]`
    );
  }
}

/**
 * A Tally that also files each result by when it came back: after the ramp and before the flood
 * (`idle`), or once the flood runs (`flooded`), so one run compares the same analysts with and
 * without it.
 */
export class PhasedTally extends Tally {
  readonly idle = new Tally();
  readonly flooded = new Tally();

  constructor(
    private readonly idleFrom: number,
    private readonly floodFrom: number,
  ) {
    super();
  }

  override add(ms: number, status: number | string, ok: boolean, cache?: string | string[]): void {
    super.add(ms, status, ok, cache);
    const now = Date.now();
    if (now >= this.floodFrom) this.flooded.add(ms, status, ok, cache);
    else if (now >= this.idleFrom) this.idle.add(ms, status, ok, cache);
  }
}
