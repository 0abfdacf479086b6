import type { DemoProduct } from './model.js';
import { createRng, mixSeed } from './prng.js';

/** The tags a brand team puts on its range; ids per tenant sit after the label categories' block. */
const TAGS = ['Focus SKU', 'New Launch', 'Hero Pack', 'Festive Range', 'Value Pack'] as const;

const tagId = (groupId: number, index: number) => groupId * 1000 + 950 + index + 1;

interface ProductTag {
  productId: number;
  tagId: number;
  tagName: string;
}

/**
 * Zero to two tags per product, drawn from a stream of their own (seeded by the product id) so
 * adding tags left every other figure of the demo data unchanged.
 */
export function productTags(groupId: number, products: readonly DemoProduct[]): ProductTag[] {
  const tags: ProductTag[] = [];
  for (const p of products) {
    const rng = createRng(mixSeed(p.productId, 0x7a6));
    const count = rng.chance(0.35) ? 0 : rng.chance(0.7) ? 1 : 2;
    for (const index of rng.sample([0, 1, 2, 3, 4], count).sort())
      tags.push({ productId: p.productId, tagId: tagId(groupId, index), tagName: TAGS[index]! });
  }
  return tags;
}
