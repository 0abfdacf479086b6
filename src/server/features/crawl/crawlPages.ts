import PQueue from 'p-queue';
import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { CrawlInput, CrawlProfile, PageOutcome } from './crawlTypes.js';
import {
  extractHtml,
  extractHtmlItems,
  extractJson,
  extractJsonItems,
  type FieldValue,
} from './extractFields.js';
import { crawlAgent, fetchPage, PageError } from './fetchPage.js';
import { htmlDepth } from './htmlDepth.js';
import { refusedBeforeConnect } from './crawlOutbound.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';

const MAX_DEPTH = 256;

/** A page's fields, or with `items` (a listing page) each result's fields. */
function extract(
  text: string,
  profile: Pick<CrawlProfile, 'responseType'>,
  model: readonly DataModelEntry[],
  items?: string,
): { fields: Record<string, FieldValue>; items?: Record<string, FieldValue>[] } {
  if (profile.responseType === 'JSON') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PageError('invalid JSON', 200);
    }
    return items === undefined
      ? { fields: extractJson(json, model) }
      : { fields: {}, items: extractJsonItems(json, items, model) };
  }
  if (htmlDepth(text, MAX_DEPTH) > MAX_DEPTH)
    throw new PageError(`HTML nested deeper than ${MAX_DEPTH} levels`, 200);
  return items === undefined
    ? { fields: extractHtml(text, model) }
    : { fields: {}, items: extractHtmlItems(text, items, model) };
}

/** Fetches and extracts one page; every failure becomes an outcome with its reason. */
async function crawlOne(
  input: CrawlInput,
  profile: CrawlProfile,
  model: readonly DataModelEntry[],
  agent: ReturnType<typeof crawlAgent>,
  items: string | undefined,
): Promise<PageOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { input, ok: false, httpStatus: null, ms: 0, attempts: 0, reason: 'invalid URL' };
  }
  const host = url.host;
  if (!profile.allowedHosts.includes(host)) {
    return {
      input,
      ok: false,
      httpStatus: null,
      ms: 0,
      attempts: 0,
      reason: `host ${host} is not configured for this channel`,
    };
  }
  if (refusedBeforeConnect(url, profile.outbound))
    return { input, ok: false, httpStatus: null, ms: 0, attempts: 0, reason: DESTINATION_REFUSED };
  let attempts = 0;
  try {
    const page = await fetchPage(input.url, profile, agent);
    attempts = page.attempts;
    if (page.status !== 200) {
      return {
        input,
        ok: false,
        httpStatus: page.status,
        ms: ms(),
        attempts,
        reason: page.status === 404 ? 'page not found (404)' : `HTTP ${page.status}`,
      };
    }
    return {
      input,
      ok: true,
      httpStatus: 200,
      ms: ms(),
      attempts,
      ...extract(page.text, profile, model, items),
    };
  } catch (error) {
    const failure = error instanceof PageError ? error : new PageError(String(error));
    return {
      input,
      ok: false,
      httpStatus: failure.httpStatus,
      ms: ms(),
      attempts: Math.max(attempts, failure.attempts),
      reason: failure.message,
    };
  }
}

/**
 * Crawls the inputs through a queue: `concurrency` pages at once and at most `requestsPerSecond`
 * to the channel (politeness), each page retried with back-off by fetchPage.
 */
export async function crawlPages(
  inputs: readonly CrawlInput[],
  profile: CrawlProfile,
  model: readonly DataModelEntry[],
  onPage?: (done: number) => void,
  /** A listing page's repeating result (the schema's `items`): each page gives its results. */
  items?: string,
): Promise<PageOutcome[]> {
  const agent = crawlAgent(profile);
  const queue = new PQueue({
    concurrency: profile.concurrency,
    interval: 1000,
    intervalCap: profile.requestsPerSecond,
  });
  let done = 0;
  try {
    return await Promise.all(
      inputs.map((input) =>
        queue.add(
          async () => {
            const outcome = await crawlOne(input, profile, model, agent, items);
            onPage?.(++done);
            return outcome;
          },
          { throwOnTimeout: true },
        ),
      ),
    );
  } finally {
    await agent.close();
  }
}
