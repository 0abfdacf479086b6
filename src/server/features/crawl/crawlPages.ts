import PQueue from 'p-queue';
import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { CrawlInput, CrawlProfile, PageOutcome } from './crawlTypes.js';
import { crawlAgent, PageError } from './fetchPage.js';
import { judgePage, type PageVerdict } from './judgePage.js';
import { SiteVisitor } from './siteVisitor.js';
import { refusedBeforeConnect } from './crawlOutbound.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';

/** Fetches and extracts one page; every failure becomes an outcome with its reason. */
async function crawlOne(
  input: CrawlInput,
  profile: CrawlProfile,
  { model, items, pageFields }: PageReading,
  visitor: SiteVisitor,
): Promise<PageOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const failed = (reason: string, httpStatus: number | null = null, attempts = 0) =>
    ({ input, ok: false, httpStatus, ms: ms(), attempts, reason }) as const;
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return failed('invalid URL');
  }
  const host = url.host;
  if (!profile.allowedHosts.includes(host)) return failed(`host ${host} is not configured for this channel`);
  if (refusedBeforeConnect(url, profile.outbound)) return failed(DESTINATION_REFUSED);
  if (!(await visitor.allowed(input.url))) return failed('disallowed by robots.txt');
  let attempts = 0;
  let wall = '';
  let sessionId: string | undefined;
  let lastStatus: number | null = null;
  // A wall is tried again through another session (the blocked one is retired), up to the profile's retries.
  for (let round = 0; round <= visitor.settings.blocks.retries; round++) {
    let session;
    try {
      session = await visitor.sessions.acquire(input.cityId);
    } catch (error) {
      const failure = error instanceof PageError ? error : new PageError(String(error));
      return {
        ...failed(
          failure.message === DESTINATION_REFUSED ? failure.message : `session: ${failure.message}`,
          failure.httpStatus,
          attempts + failure.attempts,
        ),
        sessionId,
      };
    }
    sessionId = session.id;
    let verdict: PageVerdict;
    try {
      const page = await visitor.fetch(input.url, session, items === undefined);
      attempts += page.attempts;
      lastStatus = page.status;
      verdict = judgePage(page, profile, visitor.settings, model, items, pageFields);
    } catch (error) {
      const failure = error instanceof PageError ? error : new PageError(String(error));
      return {
        ...failed(failure.message, failure.httpStatus, attempts + failure.attempts),
        sessionId,
      };
    } finally {
      visitor.sessions.release(session);
    }
    if (verdict.kind === 'blocked') {
      visitor.blocked(session);
      wall = verdict.reason;
      continue;
    }
    if (verdict.kind === 'failed') return { ...failed(verdict.reason, lastStatus, attempts), sessionId };
    return { input, ok: true, httpStatus: 200, ms: ms(), attempts, sessionId, ...verdict.page };
  }
  return { ...failed(`Blocked: ${wall}`, lastStatus, attempts), blocked: true, sessionId };
}

/** What a page is read with: the schema's fields, and for a listing page its `items` and page fields. */
export interface PageReading {
  model: readonly DataModelEntry[];
  /** A listing page's repeating result (the schema's `items`): each page gives its results. */
  items?: string;
  /** A listing page's own fields besides its results (the next cursor, cursorPaging.ts). */
  pageFields?: readonly DataModelEntry[];
}

/**
 * One crawl of a channel: its sessions, robots.txt and connections, and a queue of `concurrency`
 * pages at once and at most `requestsPerSecond` to the channel (politeness), each page retried
 * with back-off by fetchPage. Pages may be added while others are under way (a cursor's next page).
 */
export interface OpenCrawl {
  page(input: CrawlInput, reading: PageReading): Promise<PageOutcome>;
  close(): Promise<void>;
}

export function openCrawl(profile: CrawlProfile, firstUrl: string): OpenCrawl {
  const agent = crawlAgent(profile);
  const visitor = new SiteVisitor(profile, agent, firstUrl);
  const queue = new PQueue({
    concurrency: profile.concurrency,
    interval: 1000,
    intervalCap: profile.requestsPerSecond,
  });
  return {
    page: (input, reading) =>
      queue.add(() => crawlOne(input, profile, reading, visitor), { throwOnTimeout: true }),
    async close() {
      await visitor.close();
      await agent.close();
    },
  };
}

/** Crawls the inputs through one crawl (openCrawl), in order of the inputs. */
export async function crawlPages(
  inputs: readonly CrawlInput[],
  profile: CrawlProfile,
  model: readonly DataModelEntry[],
  onPage?: (done: number) => void,
  /** A listing page's repeating result (the schema's `items`): each page gives its results. */
  items?: string,
): Promise<PageOutcome[]> {
  const crawl = openCrawl(profile, inputs[0]?.url ?? 'http://invalid');
  let done = 0;
  try {
    return await Promise.all(
      inputs.map(async (input) => {
        const outcome = await crawl.page(input, { model, items });
        onPage?.(++done);
        return outcome;
      }),
    );
  } finally {
    await crawl.close();
  }
}
