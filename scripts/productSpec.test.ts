import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Comments cite the product text as docs/product-spec.md §N; the copy must stay the text itself.
const shared = '../shared/spec/product-spec.md';

describe('docs/product-spec.md', () => {
  it.skipIf(!existsSync(shared))('is the shared product text, word for word', () => {
    const copy = readFileSync('docs/product-spec.md', 'utf8');
    const body = copy.slice(copy.indexOf('-->') + 3).replace(/^\n+/, '');
    expect(body).toBe(readFileSync(shared, 'utf8'));
  });
});
