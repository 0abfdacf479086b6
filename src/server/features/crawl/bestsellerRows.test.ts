import { describe, expect, it } from 'vitest';
import {
  renderBestsellerHtml,
  renderBestsellerJson,
} from '../../demo/fixtureMarket/renderBestsellerPages.js';
import type { ShelfPages } from '../../demo/fixtureMarket/marketShelf.js';
import { APP_BESTSELLER_SCHEMA, WEB_BESTSELLER_SCHEMA } from './defaultModelSchemas.js';
import { extractHtmlItems, extractJsonItems, type FieldValue } from './extractFields.js';
import { buildBestsellerRows } from './bestsellerRows.js';
import type { ListingContext } from './listingContext.js';
import type { PageOutcome } from './crawlTypes.js';

/** A list of 30 (two pages): names with markup-like text, one entry per listing. */
const LIST: ShelfPages = {
  title: 'Snacks & "Namkeen"',
  pages: [
    Array.from({ length: 25 }, (_, i) => ({
      sku: `B0${i}`,
      name: `Chips <${i}>`,
      sponsored: false,
      rank: i + 1,
    })),
    Array.from({ length: 5 }, (_, i) => ({
      sku: `B0${25 + i}`,
      name: `Nuts ${i}`,
      sponsored: false,
      rank: 26 + i,
    })),
  ],
};

const context = (sku: string, i: number): ListingContext => ({
  productId: 100 + i,
  sku,
  brandId: 7,
  categoryId: 3,
  isCompetitor: i % 2,
  catalogueMrp: 99,
  referencePrice: null,
  ruleMin: null,
  ruleMax: null,
});
const BY_SKU = new Map(LIST.pages.flat().map((r, i) => [r.sku, context(r.sku, i)]));

function outcome(items: Record<string, FieldValue>[], page: number): PageOutcome {
  return {
    input: { productId: 0, cityId: 0, url: `u${page}`, listing: { kind: 'bestseller', id: 3, page } },
    ok: true,
    httpStatus: 200,
    ms: 1,
    attempts: 1,
    fields: {},
    items,
  };
}

const read = (platform: 'web' | 'app', page: number, newLayout: boolean) =>
  platform === 'web'
    ? extractHtmlItems(
        renderBestsellerHtml(LIST, page, { newLayout }),
        WEB_BESTSELLER_SCHEMA.items!,
        WEB_BESTSELLER_SCHEMA.dataModel,
      )
    : extractJsonItems(
        JSON.parse(JSON.stringify(renderBestsellerJson(LIST, page, { newLayout }))),
        APP_BESTSELLER_SCHEMA.items!,
        APP_BESTSELLER_SCHEMA.dataModel,
      );

describe('bestseller pages', () => {
  for (const platform of ['web', 'app'] as const) {
    for (const newLayout of [false, true]) {
      it(`the ${platform} ${newLayout ? 'redesigned' : 'classic'} layout reads back as the list, rank by rank`, () => {
        const pages = [read(platform, 1, newLayout), read(platform, 2, newLayout)];
        expect(pages.map((p) => p.map((e) => [e.sku, e.rank]))).toEqual(
          LIST.pages.map((p) => p.map((r) => [r.sku, r.rank])),
        );
        const built = buildBestsellerRows(
          pages.map((items, i) => outcome(items, i + 1)),
          [
            { categoryId: 3, page: 1 },
            { categoryId: 3, page: 2 },
          ],
          BY_SKU,
          1,
          4,
          '2026-03-30',
        );
        expect(built.rejected).toEqual([]);
        expect(built.rows).toHaveLength(30);
        expect(built.rows[26]).toEqual([1, '2026-03-30', 4, 126, 7, 3, 0, 27]);
      });
    }
  }

  it('a page whose entries make no list loads nothing and says why', () => {
    const page1 = read('app', 1, false);
    const reasons = (items: Record<string, FieldValue>[], page = 1) =>
      buildBestsellerRows(
        [outcome(items, page)],
        [{ categoryId: 3, page }],
        BY_SKU,
        1,
        4,
        '2026-03-30',
      ).rejected.map((r) => r.reason);
    expect(reasons([])).toEqual(['no results on the page']);
    expect(reasons(page1.map((e, i) => (i === 2 ? { ...e, rank: null } : e)))).toEqual([
      'result 3: rank missing',
    ]);
    expect(reasons(page1.map((e, i) => (i === 0 ? { ...e, sku: null } : e)))).toEqual([
      'result 1: listing code missing',
    ]);
    expect(reasons(page1, 2)).toEqual(['result 1: rank 1 is not on page 2']);
    expect(reasons([page1[1]!, page1[0]!])).toEqual(['result 2: rank 1 out of order']);
  });

  it("skips the entries of listings the group does not track: a page of none of the group's is a page, not a failure", () => {
    // The group tracks ranks 27 and 30 only: page 1 shows other sellers' listings alone.
    const mine = new Map([...BY_SKU].filter(([sku]) => sku === 'B026' || sku === 'B029'));
    for (const platform of ['web', 'app'] as const) {
      for (const newLayout of [false, true]) {
        const built = buildBestsellerRows(
          [outcome(read(platform, 1, newLayout), 1), outcome(read(platform, 2, newLayout), 2)],
          [
            { categoryId: 3, page: 1 },
            { categoryId: 3, page: 2 },
          ],
          mine,
          1,
          4,
          '2026-03-30',
        );
        expect(built.rejected).toEqual([]);
        expect(built.rows.map((r) => [r[3], r[7]])).toEqual([
          [126, 27],
          [129, 30],
        ]);
      }
    }
  });
});
