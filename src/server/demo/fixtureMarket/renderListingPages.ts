import type { ShelfPages, ShelfResult } from './marketShelf.js';

/** Search results (a keyword) or a category's listing (the Display trigger). */
export type ListingKind = 'search' | 'category';

/** How a listing page varies, decided by its key so a re-run sees the same market. */
export interface ListingVariety {
  /** The redesigned results page (other markup, other JSON keys). */
  newLayout: boolean;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A result card leaves out its title now and then (the crawl does not need it). */
const titleMissing = (sku: string) => hash(`title:${sku}`) % 12 === 3;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function classicCard(r: ShelfResult, index: number): string {
  const ad = r.sponsored
    ? '<span class="puis-label-popover"><span class="puis-sponsored-label-text">Sponsored</span></span>'
    : '';
  const title = titleMissing(r.sku)
    ? ''
    : `<h2 class="a-size-mini"><a class="a-link-normal" href="/dp/${encodeURIComponent(r.sku)}"><span>${escapeHtml(r.name)}</span></a></h2>`;
  return `<div data-component-type="s-search-result" class="s-result-item s-asin" data-asin="${escapeHtml(r.sku)}" data-index="${index}">
<div class="s-card-container">${ad}${title}<div class="a-row"><span class="a-icon-alt">4.1 out of 5 stars</span></div></div></div>`;
}

function newCard(r: ShelfResult): string {
  const ad = r.sponsored ? '<em class="plp-ad">Ad</em>' : '';
  const title = titleMissing(r.sku)
    ? ''
    : `<a class="plp-title" href="/p/${encodeURIComponent(r.sku)}">${escapeHtml(r.name)}</a>`;
  return `<li class="plp-card" data-id="${escapeHtml(r.sku)}"><div class="plp-img"></div>${title}${ad}</li>`;
}

/**
 * A web channel's results page: the classic layout (cards marked `s-search-result` among other
 * widgets of the result list) or the redesigned grid (cards between banners).
 */
export function renderListingHtml(
  kind: ListingKind,
  shelf: ShelfPages,
  page: number,
  variety: ListingVariety,
): string {
  const results = shelf.pages[page - 1] ?? [];
  const heading =
    kind === 'search'
      ? `Results for "${escapeHtml(shelf.title)}"`
      : `${escapeHtml(shelf.title)}: best sellers and more`;
  let body: string;
  if (variety.newLayout) {
    const cards = results.map((r, i) =>
      i === 4
        ? `<li class="plp-banner"><a href="/offers">Deals of the day</a></li>${newCard(r)}`
        : newCard(r),
    );
    body = `<main class="plp"><h1 class="plp-heading">${heading}</h1><ul class="plp-grid">${cards.join('\n')}</ul>
<nav class="plp-pages">Page ${page} of ${shelf.pages.length}</nav></main>`;
  } else {
    const widget =
      page === 1
        ? '<div class="s-result-item s-widget" data-component-type="s-widget"><h2>Related searches</h2><a href="#">more</a></div>'
        : '';
    body = `<div class="s-desktop-content"><span class="a-size-base">${heading}</span>
<div class="s-main-slot s-result-list">${widget}${results.map((r, i) => classicCard(r, i + 1)).join('\n')}</div>
<span class="s-pagination-item s-pagination-selected">${page}</span></div>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(shelf.title)}</title></head>
<body><nav>Deliver to your city</nav>${body}<script>window.ue_t0 = Date.now();</script><footer>Fixture marketplace</footer></body></html>`;
}

/**
 * An app channel's results answer: the classic API lists products under `products` with an
 * `is_ad` flag; the redesigned one returns widgets, the product grid's `items` carrying
 * `tracking.ad_type` on sponsored results only.
 */
export function renderListingJson(
  kind: ListingKind,
  shelf: ShelfPages,
  page: number,
  variety: ListingVariety,
): unknown {
  const results = shelf.pages[page - 1] ?? [];
  if (variety.newLayout) {
    return {
      status: 'ok',
      result: {
        page: { current: page, total: shelf.pages.length },
        widgets: [
          { type: 'banner', title: `Top offers on ${shelf.title}` },
          {
            type: 'product_grid',
            items: results.map((r) => ({
              item: { code: r.sku, title: titleMissing(r.sku) ? undefined : r.name },
              tracking: r.sponsored ? { ad_type: 'SPONSORED' } : {},
            })),
          },
        ],
      },
    };
  }
  const products = results.map((r) => ({
    sku: r.sku,
    name: titleMissing(r.sku) ? undefined : r.name,
    is_ad: r.sponsored,
  }));
  return {
    data: {
      [kind]: {
        [kind === 'search' ? 'query' : 'name']: shelf.title,
        page,
        total_pages: shelf.pages.length,
        products,
      },
    },
  };
}

export function listingVariety(key: string): ListingVariety {
  return { newLayout: hash(key) % 3 === 0 };
}
