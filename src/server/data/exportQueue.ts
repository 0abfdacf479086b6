import { TooManyRequestsError } from '../../shared/errors.js';

export const EXPORTS_BUSY = 'Too many exports are running, please try again in a minute.';

/**
 * Bounds exports: `running` at once (each holds a warehouse connection and a zip stream), up to
 * `waiting` more queued in arrival order; past that a request is refused at once with 429, so
 * a burst of exports can neither exhaust memory nor hold sockets for minutes. The jobs layer
 * can put its export runner behind the same queue.
 */
export class ExportQueue {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new TooManyRequestsError(EXPORTS_BUSY);
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
