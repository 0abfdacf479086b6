import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { CrawlSettings } from './crawlSettings.js';
import type { CrawlProfile } from './crawlTypes.js';
import { extractPage } from './extractPage.js';
import type { FieldValue } from './extractFields.js';

/** What a fetched page is: the page (its fields), a bot wall, or a failure with its reason. */
export type PageVerdict =
  | { kind: 'page'; page: { fields: Record<string, FieldValue>; items?: Record<string, FieldValue>[] } }
  | { kind: 'blocked'; reason: string }
  | { kind: 'failed'; reason: string };

function markerIn(text: string, markers: readonly string[]): string | undefined {
  const lower = text.toLowerCase();
  return markers.find((m) => lower.includes(m.toLowerCase()));
}

/**
 * Judges a fetched page as a site's answer can be read: a wall by its status or a challenge
 * marker of the profile; a soft 404 by its not-found marker (no row, but no wall either); an
 * emptied product block by a required field the extraction did not find. Listing pages (`items`)
 * have no required fields.
 */
export function judgePage(
  page: { status: number; text: string },
  profile: Pick<CrawlProfile, 'responseType'>,
  settings: CrawlSettings,
  model: readonly DataModelEntry[],
  items: string | undefined,
  /** A listing page's own fields besides its results (its next cursor). */
  pageFields?: readonly DataModelEntry[],
): PageVerdict {
  const { blocks } = settings;
  const marker = markerIn(page.text, blocks.markers);
  if (blocks.statuses.includes(page.status))
    return { kind: 'blocked', reason: `HTTP ${page.status}${marker ? ` challenge ("${marker}")` : ''}` };
  if (marker) return { kind: 'blocked', reason: `challenge page ("${marker}")` };
  if (page.status !== 200)
    return { kind: 'failed', reason: page.status === 404 ? 'page not found (404)' : `HTTP ${page.status}` };
  if (markerIn(page.text, settings.notFoundMarkers))
    return { kind: 'failed', reason: 'product unavailable (soft 404)' };
  let extracted;
  try {
    extracted = extractPage(page.text, profile, model, items, pageFields);
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  if (items === undefined) {
    const missing = blocks.requiredFields.filter((f) => {
      const v = extracted.fields[f];
      return v === null || v === undefined || v === '';
    });
    if (missing.length > 0)
      return { kind: 'blocked', reason: `product block empty (no ${missing.join(', ')})` };
  }
  return { kind: 'page', page: extracted };
}
