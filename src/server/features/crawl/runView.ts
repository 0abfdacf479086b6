import { PROCESS_STATUS_NAMES, TRIGGER_TYPE_NAMES } from '../../../shared/crawl/crawlVocabulary.js';
import type { CrawlRunRow } from './crawlRepo.js';

/** A crawl run as the process monitor shows it. */
export function runView(run: CrawlRunRow) {
  return {
    id: run.id,
    channel_id: run.channel_id,
    crawl_type: run.crawl_type,
    trigger_type: run.trigger_type,
    trigger_name: TRIGGER_TYPE_NAMES[run.trigger_type] ?? String(run.trigger_type),
    crawl_date: run.crawl_date,
    status: run.status,
    status_name: PROCESS_STATUS_NAMES[run.status] ?? String(run.status),
    pages_total: run.pages_total,
    pages_ok: run.pages_ok,
    pages_failed: run.pages_failed,
    pages_blocked: run.pages_blocked,
    rows_loaded: run.rows_loaded,
    fetch_ms: run.fetch_ms,
    load_ms: run.load_ms,
    message: run.message,
    created_at: run.created_at.toISOString(),
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
  };
}
