import { describe, expect, it } from 'vitest';
import type { GridColumnNode } from '../../../../shared/config.gen.js';
import { columnLayouts } from './columnLayout.js';

const cols = (...c: GridColumnNode[]) => c;

describe('columnLayouts', () => {
  it('makes the image and the product name sticky, side by side', () => {
    const l = columnLayouts(
      cols(
        { kind: 'image', field: 'image_url', size: 40 },
        { kind: 'text', field: 'sku_name' },
        { kind: 'text', field: 'channel_name' },
        { kind: 'currency', field: 'mrp' },
      ),
    );
    expect(l[0]).toMatchObject({ stickyLeft: 0, stickyEdge: false, width: 64 });
    expect(l[1]).toMatchObject({ stickyLeft: 64, stickyEdge: true, width: 240, clamp: true });
    expect(l[2]?.stickyLeft).toBeUndefined();
    expect(l[3]).toMatchObject({ align: 'right', clamp: false });
  });

  it('without an image only the first column sticks', () => {
    const l = columnLayouts(cols({ kind: 'text', field: 'keyword' }, { kind: 'percent', field: 'share' }));
    expect(l[0]).toMatchObject({ stickyLeft: 0, stickyEdge: true });
    expect(l[1]?.stickyLeft).toBeUndefined();
  });

  it('numbers right, text left, and the config may say otherwise', () => {
    const l = columnLayouts(
      cols(
        { kind: 'text', field: 'a' },
        { kind: 'integer', field: 'b' },
        { kind: 'short', field: 'c', align: 'center', width: 70 },
        { kind: 'status', field: 'd', vocabulary: 'stock' },
      ),
    );
    expect(l.map((x) => x.align)).toEqual(['left', 'right', 'center', 'left']);
    expect(l[2]?.width).toBe(70);
  });
});
