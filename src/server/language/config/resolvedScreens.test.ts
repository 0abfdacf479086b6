import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from './loadConfigRegistry.js';
import { resolvedFingerprint } from './resolvedFingerprint.js';
import { REPO_SCREENS_DIR } from './testing/screensFixture.js';

const recorded = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'testing/resolvedScreens.fingerprint.json',
);

/**
 * The screens/ rewrite (shared definitions, derived fields, version 2) must not change what any
 * endpoint answers. The recorded fingerprint was taken from main's screens/ before the rewrite;
 * a deliberate change to a screen's queries, filters or dataset re-records it with
 * RECORD_SCREENS_FINGERPRINT=1 (and says why in the commit).
 */
describe('resolved screens', () => {
  it('every area, screen, dataset and endpoint resolves as recorded', () => {
    const actual = resolvedFingerprint(loadConfigSnapshot(REPO_SCREENS_DIR));
    if (process.env.RECORD_SCREENS_FINGERPRINT === '1')
      writeFileSync(recorded, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(recorded, 'utf8')) as Record<string, string>;
    expect(actual).toEqual(expected);
  });
});
