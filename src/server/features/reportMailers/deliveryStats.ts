import { RUN_STATUS, type ReportMailerRepo } from './reportMailerRepo.js';

interface Counts {
  runs: number;
  delivered: number;
  failed: number;
  inProgress: number;
  built: number;
  dryRuns: number;
  /** Delivered / (delivered + failed), percent with one decimal; null before any finished delivery. */
  successRate: number | null;
  /** Mean seconds from start to delivered. */
  meanDeliverySeconds: number | null;
}

const empty = (): Counts => ({
  runs: 0,
  delivered: 0,
  failed: 0,
  inProgress: 0,
  built: 0,
  dryRuns: 0,
  successRate: null,
  meanDeliverySeconds: null,
});

/** Delivery stats of a group over the last `days`: overall and per distribution. */
export async function deliveryStats(repo: ReportMailerRepo, groupId: number, days: number) {
  const since = new Date(Date.now() - days * 86_400_000);
  const rows = await repo.stats(groupId, since);
  const total = empty();
  const byDistribution: Record<string, Counts> = {};
  const deliveredSeconds: Record<string, { sum: number; n: number }> = {};
  for (const row of rows) {
    const n = Number(row.runs);
    for (const key of ['*', row.distribution]) {
      const c = key === '*' ? total : (byDistribution[key] ??= empty());
      c.runs += n;
      if (row.dry_run) c.dryRuns += n;
      else if (row.status === RUN_STATUS.delivered) c.delivered += n;
      else if (row.status === RUN_STATUS.failed) c.failed += n;
      else if (row.status === RUN_STATUS.inProgress) c.inProgress += n;
      else c.built += n;
      if (!row.dry_run && row.status === RUN_STATUS.delivered && row.seconds !== null) {
        const d = (deliveredSeconds[key] ??= { sum: 0, n: 0 });
        d.sum += Number(row.seconds) * n;
        d.n += n;
      }
    }
  }
  for (const [key, c] of [['*', total] as const, ...Object.entries(byDistribution)]) {
    const finished = c.delivered + c.failed;
    c.successRate = finished ? Math.round((c.delivered / finished) * 1000) / 10 : null;
    const d = deliveredSeconds[key];
    c.meanDeliverySeconds = d?.n ? Math.round((d.sum / d.n) * 10) / 10 : null;
  }
  return { days, since: since.toISOString(), total, byDistribution };
}
