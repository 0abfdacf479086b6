/**
 * Bounds work of one kind: `running` at once, up to `waiting` more queued in arrival order; past
 * that `refuse()`'s error is thrown at once, so a burst can neither exhaust a resource nor hold
 * requests for minutes.
 */
export class Gate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
    private readonly refuse: () => Error,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw this.refuse();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line (active stays the same), or free it.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }

  stats(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }
}
