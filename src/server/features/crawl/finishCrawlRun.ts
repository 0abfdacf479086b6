import { failedMessage, finishedStatus } from '../../../shared/crawl/crawlVocabulary.js';
import type { CrawlRepo } from './crawlRepo.js';
import type { PageOutcome } from './crawlTypes.js';
import { pageLog } from './pageLog.js';

interface Finished {
  runId: number;
  groupId: number;
  pagesTotal: number;
  outcomes: readonly PageOutcome[];
  /** Fetched pages whose rows were refused, with the reason. */
  rejected: readonly { outcome: PageOutcome; reason: string }[];
  rowsLoaded: number;
  /** performance.now() at the first fetch and after the last. */
  t0: number;
  t1: number;
  /** The run's message when no page failed. */
  okMessage: string;
  /** Said of the run whatever its pages' fate (e.g. where cursor paging stopped). */
  notes?: string;
  /** A retry: the earlier run of the day whose failed pages this run fetched again. */
  retryOf?: number;
}

/**
 * Ends a listing or live run: its page log, then its status (finishedStatus: No Data, Blocked,
 * Mismatch or Success) with counts and timings.
 */
export async function finishCrawlRun(repo: CrawlRepo, f: Finished): Promise<void> {
  const log = pageLog(f.outcomes, f.rejected);
  await repo.writePageLog(f.runId, f.groupId, log);
  const failed = log.filter((l) => l.reason !== null).length;
  const blocked = log.filter((l) => l.blocked).length;
  const counts = { pages: f.pagesTotal, failed, blocked };
  await repo.updateRun(f.runId, {
    status: finishedStatus({ ...counts, rowsLoaded: f.rowsLoaded }),
    pages_ok: f.pagesTotal - failed,
    pages_failed: failed,
    pages_blocked: blocked,
    rows_loaded: f.rowsLoaded,
    fetch_ms: Math.round(f.t1 - f.t0),
    load_ms: Math.round(performance.now() - f.t1),
    message: [
      f.retryOf === undefined ? '' : `Retried the ${f.pagesTotal} pages that failed in run ${f.retryOf}`,
      failed > 0 ? failedMessage(counts) : f.okMessage,
      f.notes ?? '',
    ]
      .filter(Boolean)
      .join(': '),
    finished_at: new Date(),
  });
}
