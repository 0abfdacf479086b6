import { describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from './loadConfigRegistry.js';
import { REPO_SCREENS_DIR } from './testing/screensFixture.js';

/**
 * A grid that shows products keeps "image + product" as its sticky first columns,
 * so an analyst who scrolls a wide grid sideways still sees which product each row is.
 * The sticky columns are the leading ones (`columnLayout.ts`), so the image must come first
 * and the product name right after it. A pairing grid (price/competitors: own product against
 * each competitor product) leads with the own product's name instead: that is its row.
 */
describe('product grids', () => {
  it('lead with the image and the product name', () => {
    const misplaced: string[] = [];
    for (const [key, screen] of loadConfigSnapshot(REPO_SCREENS_DIR).screens) {
      for (const widget of screen.widgets) {
        if (widget.kind !== 'grid') continue;
        const cols = widget.columns;
        const image = cols.findIndex((c) => c.kind === 'image' && c.productField !== undefined);
        if (image < 0) continue;
        if (cols[0]?.kind === 'text' && cols[0].field.startsWith('own_sku_name')) continue;
        if (image !== 0 || cols[1]?.kind !== 'text')
          misplaced.push(`${key}#${widget.id}: image at ${image}, then ${cols[1]?.field}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
