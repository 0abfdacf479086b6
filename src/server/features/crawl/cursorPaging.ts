import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { CrawlSettings } from './crawlSettings.js';
import type { CrawlInput, CrawlProfile, PageOutcome } from './crawlTypes.js';
import { openCrawl } from './crawlPages.js';

type CursorPaging = Extract<CrawlSettings['paging'], { mode: 'cursor' }>;

/** The page field a listing answer's next cursor is read into (never a schema's own field). */
const CURSOR_FIELD = '__next_cursor';

export interface ScrolledPages {
  /** Every page fetched, each chain in order, chains in the order of their first pages. */
  outcomes: PageOutcome[];
  /** Why a listing stopped before its answer said it was done (a cursor loop, the page cap). */
  stops: string[];
}

/** The address of the page `cursor` stands for: the first page's, with the cursor parameter set. */
function cursorUrl(first: string, param: string, cursor: string): string {
  const url = new URL(first);
  url.searchParams.set(param, cursor);
  return url.toString();
}

const named = (input: CrawlInput) =>
  `${input.listing?.kind === 'search' ? 'keyword' : 'category'} ${input.listing?.id ?? 0}`;

/**
 * Infinite scroll: each listing from its first page (`starts`; a retry's failed page), then the
 * page its answer's cursor stands for, one after the other within a listing, listings side by
 * side through one crawl (its sessions and politeness). A listing ends cleanly at an answer
 * without a cursor (null, empty or absent: the last page), a failed page, a cursor it already
 * followed or a page of results it already read (a loop: that page is left out, and noted in
 * `stops`), or `maxPages` pages.
 */
export async function crawlByCursor(
  starts: readonly CrawlInput[],
  profile: CrawlProfile,
  reading: { model: readonly DataModelEntry[]; items: string },
  paging: CursorPaging,
): Promise<ScrolledPages> {
  const pageFields: DataModelEntry[] = [
    { name: CURSOR_FIELD, type: 'string', source: paging.cursor, defaultValue: null },
  ];
  const crawl = openCrawl(profile, starts[0]?.url ?? 'http://invalid');
  const stops: string[] = [];
  try {
    const chains = await Promise.all(
      starts.map(async (start) => {
        const out: PageOutcome[] = [];
        const followed = new Set<string>();
        const seen = new Set<string>();
        let input: CrawlInput | null = start;
        while (input) {
          const outcome = await crawl.page(input, { ...reading, pageFields });
          const page: number = input.listing?.page ?? 1;
          // An opaque cursor may lead back to a page read under another cursor: its results tell.
          const results = outcome.ok && outcome.items?.length ? JSON.stringify(outcome.items) : '';
          if (results !== '' && seen.has(results)) {
            stops.push(`${named(start)} page ${page} repeats an earlier page, a loop`);
            break;
          }
          seen.add(results);
          out.push(outcome);
          const cursor = outcome.ok ? outcome.fields[CURSOR_FIELD] : null;
          // Each way out below ends the listing; only a new cursor leads on.
          if (typeof cursor !== 'string' || cursor === '') break;
          if (followed.has(cursor)) {
            stops.push(`${named(start)} page ${page} leads to a cursor it followed, a loop`);
            break;
          }
          if (out.length >= paging.maxPages) {
            stops.push(`${named(start)} reached ${paging.maxPages} pages`);
            break;
          }
          followed.add(cursor);
          input = {
            ...start,
            url: cursorUrl(start.url, paging.param, cursor),
            listing: start.listing && { ...start.listing, page: page + 1 },
          };
        }
        return out;
      }),
    );
    return { outcomes: chains.flat(), stops };
  } finally {
    await crawl.close();
  }
}
