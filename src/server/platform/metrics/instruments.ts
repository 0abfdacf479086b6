import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The server's Prometheus instruments, one registry per process. Labels are low-cardinality by
 * construction: route patterns (never URLs), endpoint names from the config, queue names,
 * channel ids, status words.
 */
export const registry = new Registry();
// Event-loop lag, heap and RSS, CPU, handles: prom-client's process metrics.
collectDefaultMetrics({ register: registry, prefix: 'shelfscope_' });

export const httpDuration = new Histogram({
  name: 'shelfscope_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status code: rate, errors and latency',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const warehouseQueryDuration = new Histogram({
  name: 'shelfscope_warehouse_query_duration_seconds',
  help: 'Warehouse time of a data call per screen endpoint (cache misses only)',
  labelNames: ['endpoint'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const resultCacheLookups = new Counter({
  name: 'shelfscope_result_cache_lookups_total',
  help: 'Result-cache lookups of data calls by outcome (hit or miss)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const signInFailures = new Counter({
  name: 'shelfscope_sign_in_failures_total',
  help: 'Refused sign-in steps (password or one-time code) by route',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'shelfscope_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'shelfscope_job_queue_depth',
  help: 'Jobs waiting (created or retry) per pg-boss queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const queueOldestAge = new Gauge({
  name: 'shelfscope_job_queue_oldest_age_seconds',
  help: 'Age of the oldest waiting job per pg-boss queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const crawlPages = new Gauge({
  name: 'shelfscope_crawl_pages_last_hour',
  help: 'Pages fetched per channel by crawl runs started in the last hour (every group)',
  labelNames: ['channel'] as const,
  registers: [registry],
});

export const crawlBlockedShare = new Gauge({
  name: 'shelfscope_crawl_blocked_ratio_last_hour',
  help: 'Share of those pages the channel refused (HTTP 403 or 429), 0-1',
  labelNames: ['channel'] as const,
  registers: [registry],
});

export const deliveries = new Gauge({
  name: 'shelfscope_report_deliveries_last_day',
  help: 'Report mailer runs (not dry runs) started in the last 24 hours by status',
  labelNames: ['status'] as const,
  registers: [registry],
});
