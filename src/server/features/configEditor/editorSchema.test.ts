import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { editorSchema } from './editorSchema.js';

describe('editorSchema', () => {
  it('is self-contained: every $ref is local and resolves, and a real screen file passes it', () => {
    const bundle = editorSchema('screen');
    const refs = JSON.stringify(bundle).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.every((r) => r.startsWith('"$ref":"#/'))).toBe(true);
    const validate = new Ajv({ strict: false }).compile(bundle);
    expect(validate(JSON.parse(readFileSync('screens/stock/kpi.screen.json', 'utf8')))).toBe(true);
    expect(validate({ kind: 'screen' })).toBe(false);
  });

  it('keeps field descriptions for hover docs', () => {
    const bundle = editorSchema('dataset') as { properties: Record<string, { description?: string }> };
    expect(bundle.properties.dimensions?.description).toBeTruthy();
  });
});
