/**
 * Settings of a server process in a kill test: the queue checks every second for the killed job's
 * lapsed heartbeat (5 s by default) and retries a report delivery after 1-2 s (10-20 s by
 * default). The heartbeat itself stays 10 s (pg-boss's least), so the dead worker is still found
 * the real way: its heartbeat stops.
 */
export const QUICK_RETRY = { JOB_SUPERVISE_SECONDS: '1', MAILER_RETRY_SECONDS: '1' };
