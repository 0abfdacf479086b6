import type { CityShelf, MarketListing } from './marketDay.js';
import type { PageVariety } from './pageVariety.js';

const STATE = { 1: 'AVAILABLE', 0: 'OUT_OF_STOCK', 2: 'DELISTED' } as const;

/**
 * An app channel's product answer for one city. The redesigned API nests the same facts under
 * other keys; dark-store counts are left out when the chain has no stores there.
 */
export function renderProductJson(listing: MarketListing, shelf: CityShelf, variety: PageVariety): unknown {
  const mrp = variety.hideMrp ? undefined : (shelf.mrp ?? undefined);
  const stores =
    shelf.storesTotal > 0 ? { total: shelf.storesTotal, in_stock: shelf.storesInStock } : undefined;
  if (variety.newLayout) {
    return {
      status: 'ok',
      result: {
        item: { code: listing.sku, title: listing.name },
        pricing: { mrp, offer_price: shelf.sellingPrice ?? undefined },
        buy_box: listing.buyBoxSeller ? { seller_name: listing.buyBoxSeller } : undefined,
        inventory: { state: STATE[shelf.stockStatus as 0 | 1 | 2], dark_stores: stores },
      },
    };
  }
  return {
    data: {
      product: {
        sku: listing.sku,
        name: listing.name,
        price: { mrp, sp: shelf.sellingPrice ?? undefined },
        seller: listing.buyBoxSeller ? { seller_name: listing.buyBoxSeller } : undefined,
        availability: { state: STATE[shelf.stockStatus as 0 | 1 | 2], stores },
      },
    },
  };
}
