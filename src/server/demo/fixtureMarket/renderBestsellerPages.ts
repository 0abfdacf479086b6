import type { ShelfPages, ShelfResult } from './marketShelf.js';
import type { ListingVariety } from './renderListingPages.js';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * How a bestseller page answers: a list has few pages (25 entries each, two at most), so more of
 * them than of the product pages are slow (1 in 10) or answer 429 to their first request (1 in 6).
 */
export function bestsellerPageVariety(
  category: string,
  page: number,
): { delayMs: number; rateLimitFirst: boolean } {
  const h = hash(`bestseller:${category}@${page}`);
  return { delayMs: h % 10 === 3 ? 120 : 0, rateLimitFirst: h % 6 === 1 };
}

/** An entry leaves out its title now and then (the crawl does not need it). */
const titleMissing = (sku: string) => hash(`bestseller-title:${sku}`) % 12 === 5;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The classic grid: a rank badge ('#1') above a faceout whose id is the listing code. */
function classicEntry(r: ShelfResult): string {
  const title = titleMissing(r.sku) ? '' : `<div class="p13n-sc-line-clamp">${escapeHtml(r.name)}</div>`;
  return `<div id="gridItemRoot" class="a-column zg-grid-general-faceout"><div class="zg-grid-rank"><span class="zg-bdg-text">#${r.rank}</span></div>
<div class="p13n-sc-uncoverable-faceout" id="${escapeHtml(r.sku)}"><a class="a-link-normal" href="/dp/${encodeURIComponent(r.sku)}">${title}</a>
<div class="a-row"><span class="a-icon-alt">4.3 out of 5 stars</span></div></div></div>`;
}

/** The redesigned list: ranked items ('No. 1') carrying the code, a promotion between them. */
function newEntry(r: ShelfResult): string {
  const title = titleMissing(r.sku)
    ? ''
    : `<a class="bs-title" href="/p/${encodeURIComponent(r.sku)}">${escapeHtml(r.name)}</a>`;
  return `<li class="bs-item" data-sku="${escapeHtml(r.sku)}"><span class="bs-rank">No. ${r.rank}</span>${title}</li>`;
}

/** A web channel's bestseller page of a category: the classic grid or the redesigned list. */
export function renderBestsellerHtml(shelf: ShelfPages, page: number, variety: ListingVariety): string {
  const entries = shelf.pages[page - 1] ?? [];
  const heading = `Best Sellers in ${escapeHtml(shelf.title)}`;
  const body = variety.newLayout
    ? `<main class="bs"><h1 class="bs-heading">${heading}</h1><ol class="bs-list">${entries
        .map((r, i) =>
          i === 6 ? `<li class="bs-promo"><a href="/offers">Top deals</a></li>${newEntry(r)}` : newEntry(r),
        )
        .join('\n')}</ol><nav class="bs-pages">Page ${page} of ${shelf.pages.length}</nav></main>`
    : `<div id="zg-right-col"><h1 class="a-size-large">${heading}</h1>
<div class="p13n-desktop-grid">${entries.map(classicEntry).join('\n')}</div>
<ul class="a-pagination"><li class="a-selected">${page}</li></ul></div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${heading}</title></head>
<body><nav>Deliver to your city</nav>${body}<script>window.zg_t0 = Date.now();</script><footer>Fixture marketplace</footer></body></html>`;
}

/**
 * An app channel's bestseller answer: the classic API lists `items` with `rank`; the redesigned
 * one returns sections, the ranking section's `entries` carrying `position` and the `product`.
 */
export function renderBestsellerJson(shelf: ShelfPages, page: number, variety: ListingVariety): unknown {
  const entries = shelf.pages[page - 1] ?? [];
  if (variety.newLayout) {
    return {
      status: 'ok',
      result: {
        page: { current: page, total: shelf.pages.length },
        sections: [
          { type: 'banner', title: `Bestsellers in ${shelf.title}` },
          {
            type: 'ranking',
            entries: entries.map((r) => ({
              position: r.rank,
              product: { code: r.sku, title: titleMissing(r.sku) ? undefined : r.name },
            })),
          },
        ],
      },
    };
  }
  return {
    data: {
      bestsellers: {
        category: shelf.title,
        page,
        total_pages: shelf.pages.length,
        items: entries.map((r) => ({
          rank: r.rank,
          sku: r.sku,
          name: titleMissing(r.sku) ? undefined : r.name,
        })),
      },
    },
  };
}
