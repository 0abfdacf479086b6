import { describe, expect, it } from 'vitest';
import { when } from './ReportFiles.js';

describe('Download Report times', () => {
  it("read as the spec's DD-MMM-YYYY with the time, not the browser's locale", () => {
    const iso = new Date(2026, 10, 28, 20, 33).toISOString();
    expect(when(iso)).toBe('28-Nov-2026 20:33');
  });
});
