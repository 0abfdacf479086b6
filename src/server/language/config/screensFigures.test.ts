import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureScreens } from './screensFigures.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const channel = { kind: 'multiSelect', field: 'channel_id', label: 'Channel', source: 'channel' };

describe('screens figures', () => {
  it('counts lines and the filter/dimension/measure nodes copied into more than one file; a use is no copy', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'figures-'));
    mkdirSync(path.join(dir, 'a'));
    mkdirSync(path.join(dir, 'shared'));
    const write = (file: string, data: unknown) =>
      writeFileSync(path.join(dir, file), `${JSON.stringify(data, null, 2)}\n`);
    write('a/one.screen.json', { filters: [channel, { ...channel, field: 'x' }] });
    write('a/two.screen.json', {
      filters: [{ label: 'Channel', source: 'channel', field: 'channel_id', kind: 'multiSelect' }],
    });
    write('a/three.screen.json', { filters: [{ use: 'channel' }] });
    write('shared/filters.json', { filters: { other: { ...channel, label: 'Other' } } });
    expect(measureScreens(dir)).toEqual({
      files: 4,
      lines: 43,
      nodes: 4,
      repeatedNodes: 2,
      repeatedBlocks: 1,
    });
  });
});
