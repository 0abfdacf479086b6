import type { ShelfPages } from './marketShelf.js';

/**
 * Infinite scroll: an app channel's search and category answers carry `next_cursor` (null on the
 * last page), which a client sends back as `?cursor=`. These channels page ONLY that way: they
 * ignore `?page=` (every such request is page 1), as an app's scroll API does; the others also
 * take `?page=`. Mirrored by the demo profiles (features/crawl/fixtureProfiles.ts).
 */
export const CURSOR_ONLY_CHANNELS: ReadonlySet<number> = new Set([62]);

export const encodeCursor = (page: number) => Buffer.from(`p${page}`).toString('base64url');

/** The result page a listing request asks for (NaN for an unreadable cursor). */
export function requestedPage(url: URL, channelId: number): number {
  const cursor = url.searchParams.get('cursor');
  if (cursor) {
    const text = Buffer.from(cursor, 'base64url').toString();
    return /^p\d+$/.test(text) ? Number(text.slice(1)) : NaN;
  }
  if (CURSOR_ONLY_CHANNELS.has(channelId)) return 1;
  return Number(url.searchParams.get('page') ?? '1');
}

/**
 * Keywords whose scroll misbehaves, on any app channel, for the crawler's tests: `loop`'s last
 * page points back to its first; `nocursor`'s first answer has no `next_cursor` at all although
 * more pages exist (the crawler can only stop there).
 */
export const SCROLL_TRAPS = { loop: 'hostile-cursor-loop', noCursor: 'hostile-cursor-missing' } as const;

function trapShelf(term: string, pages: number): ShelfPages {
  return {
    title: term,
    pages: Array.from({ length: pages }, (_, p) =>
      Array.from({ length: 20 }, (_, i) => ({
        sku: `TRAP-${p + 1}-${i + 1}`,
        name: `Trap result ${i + 1}`,
        sponsored: i === 0,
      })),
    ),
  };
}

/** A trap keyword's results (`undefined` for any other keyword). */
export function trapShelfOf(term: string): ShelfPages | undefined {
  if (term === SCROLL_TRAPS.loop) return trapShelf(term, 2);
  if (term === SCROLL_TRAPS.noCursor) return trapShelf(term, 3);
  return undefined;
}

/**
 * The answer's `next_cursor` for `page` of `pages`: the next page's, null on the last; a trap's
 * loop back to page 1, or `undefined` (left out of the answer) for the cursor-less trap.
 */
export function nextCursor(term: string, page: number, pages: number): string | null | undefined {
  if (term === SCROLL_TRAPS.noCursor) return undefined;
  if (term === SCROLL_TRAPS.loop && page === pages) return encodeCursor(1);
  return page < pages ? encodeCursor(page + 1) : null;
}
