import PQueue from 'p-queue';
import type { DataModelEntry } from '../../shared/crawl/modelSchemaRules.js';
import type { CrawlInput, CrawlProfile, PageOutcome } from './crawlTypes.js';
import { extractHtml, extractJson, type FieldValue } from './extractFields.js';
import { crawlAgent, fetchPage, PageError } from './fetchPage.js';
import { htmlDepth } from './htmlDepth.js';

const MAX_DEPTH = 256;

function extract(
  text: string,
  profile: CrawlProfile,
  model: readonly DataModelEntry[],
): Record<string, FieldValue> {
  if (profile.responseType === 'JSON') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PageError('invalid JSON', 200);
    }
    return extractJson(json, model);
  }
  if (htmlDepth(text, MAX_DEPTH) > MAX_DEPTH)
    throw new PageError(`HTML nested deeper than ${MAX_DEPTH} levels`, 200);
  return extractHtml(text, model);
}

/** Fetches and extracts one page; every failure becomes an outcome with its reason. */
async function crawlOne(
  input: CrawlInput,
  profile: CrawlProfile,
  model: readonly DataModelEntry[],
  agent: ReturnType<typeof crawlAgent>,
): Promise<PageOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let host: string;
  try {
    host = new URL(input.url).host;
  } catch {
    return { input, ok: false, httpStatus: null, ms: 0, attempts: 0, reason: 'invalid URL' };
  }
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
      fields: extract(page.text, profile, model),
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
            const outcome = await crawlOne(input, profile, model, agent);
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
