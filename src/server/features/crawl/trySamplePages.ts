import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import { parseCrawlSettings } from './crawlSettings.js';
import type { FieldValue } from './extractFields.js';
import { judgePage } from './judgePage.js';

/** A page saved with a channel profile, as the site answered it. */
export interface SamplePage {
  name: string;
  status: number;
  body: string;
}

export interface SampleVerdict {
  name: string;
  /** What a crawl would make of it: a row (`page`), a bot wall (`blocked`), or no row (`failed`). */
  verdict: 'page' | 'blocked' | 'failed';
  reason: string;
  fields: Record<string, FieldValue>;
}

export function parseSamples(text: string): SamplePage[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as SamplePage[]) : [];
  } catch {
    return [];
  }
}

/**
 * A profile tried on its saved sample pages before its first crawl: each judged exactly as a crawl
 * judges a fetched page (judgePage: the profile's wall statuses and markers, its not-found
 * markers, its required fields) and read with its product schema.
 */
export function trySamplePages(
  samples: readonly SamplePage[],
  responseType: string,
  crawlSettings: string,
  model: readonly DataModelEntry[],
): SampleVerdict[] {
  const settings = parseCrawlSettings(crawlSettings);
  const profile = { responseType: responseType === 'JSON' ? ('JSON' as const) : ('HTML' as const) };
  return samples.map((s) => {
    const v = judgePage({ status: s.status, text: s.body }, profile, settings, model, undefined);
    return v.kind === 'page'
      ? { name: s.name, verdict: 'page', reason: '', fields: v.page.fields }
      : { name: s.name, verdict: v.kind, reason: v.reason, fields: {} };
  });
}

/** One line an admin reads after Test: each sample's verdict, and a product page's stock and price. */
export function samplesSummary(results: readonly SampleVerdict[]): string {
  if (results.length === 0) return 'No sample page saved for this channel yet.';
  return results
    .map((r) => {
      if (r.verdict === 'page')
        return `${r.name}: page (stock_status ${String(r.fields.stock_status)}, selling_price ${String(r.fields.selling_price)})`;
      return `${r.name}: ${r.verdict === 'blocked' ? 'Blocked' : 'no row'} (${r.reason})`;
    })
    .join('; ');
}
