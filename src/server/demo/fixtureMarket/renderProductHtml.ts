import type { CityShelf, MarketListing } from './marketDay.js';
import type { PageVariety } from './pageVariety.js';

const AVAILABILITY = { 1: 'In stock', 0: 'Currently out of stock', 2: 'Currently unavailable.' } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function rupees(value: number): string {
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function classicLayout(listing: MarketListing, shelf: CityShelf, variety: PageVariety): string {
  const status = AVAILABILITY[shelf.stockStatus as 0 | 1 | 2];
  const mrp =
    shelf.mrp !== null && !variety.hideMrp
      ? `<span class="a-price-mrp">M.R.P.: ${rupees(shelf.mrp)}</span>`
      : '';
  const price =
    shelf.sellingPrice !== null
      ? `<span class="a-price"><span class="a-offscreen">${rupees(shelf.sellingPrice)}</span></span>`
      : '';
  const seller = listing.buyBoxSeller
    ? `<div id="merchant-info">Sold by <a class="seller">${escapeHtml(listing.buyBoxSeller)}</a></div>`
    : '';
  return `<div id="dp"><h1 id="productTitle"> ${escapeHtml(listing.name)} </h1>
<div id="corePrice">${price}${mrp}</div>${seller}
<div id="availability"><span>${status}</span></div>
<script>window.ue_t0 = Date.now();</script></div>`;
}

function newLayout(listing: MarketListing, shelf: CityShelf, variety: PageVariety): string {
  const status = AVAILABILITY[shelf.stockStatus as 0 | 1 | 2];
  const mrp = shelf.mrp !== null && !variety.hideMrp ? `<del class="pdp-mrp">${rupees(shelf.mrp)}</del>` : '';
  const price =
    shelf.sellingPrice !== null ? `<div class="pdp-price"><b>${rupees(shelf.sellingPrice)}</b></div>` : '';
  const seller = listing.buyBoxSeller
    ? `<p class="pdp-seller">Sold by <b>${escapeHtml(listing.buyBoxSeller)}</b></p>`
    : '';
  return `<main class="pdp"><section><header><h1 class="pdp-title">${escapeHtml(listing.name)}</h1></header>
<section class="pdp-buybox">${price}${mrp}${seller}<p class="pdp-stock" data-state="${shelf.stockStatus}">${status}</p></section></section></main>`;
}

/** The product block alone (what a script-rendered page's API hands its script), in one of two layouts. */
export function renderProductBlock(listing: MarketListing, shelf: CityShelf, variety: PageVariety): string {
  return variety.newLayout ? newLayout(listing, shelf, variety) : classicLayout(listing, shelf, variety);
}

/** A web channel's product page for one city (pincode chosen), in one of two layouts. */
export function renderProductHtml(listing: MarketListing, shelf: CityShelf, variety: PageVariety): string {
  const body = renderProductBlock(listing, shelf, variety);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(listing.name)}</title></head>
<body><nav>Deliver to city ${shelf.cityId}</nav>${body}<footer>Fixture marketplace</footer></body></html>`;
}
