import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { CrawlProfile } from './crawlTypes.js';
import {
  extractHtml,
  extractHtmlItems,
  extractJson,
  extractJsonItems,
  type FieldValue,
} from './extractFields.js';
import { PageError } from './fetchPage.js';
import { htmlDepth } from './htmlDepth.js';

const MAX_DEPTH = 256;

/** A page's fields, or with `items` (a listing page) each result's fields and the page's `pageFields`. */
export function extractPage(
  text: string,
  profile: Pick<CrawlProfile, 'responseType'>,
  model: readonly DataModelEntry[],
  items?: string,
  pageFields: readonly DataModelEntry[] = [],
): { fields: Record<string, FieldValue>; items?: Record<string, FieldValue>[] } {
  if (profile.responseType === 'JSON') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PageError('invalid JSON', 200);
    }
    return items === undefined
      ? { fields: extractJson(json, model) }
      : { fields: extractJson(json, pageFields), items: extractJsonItems(json, items, model) };
  }
  if (htmlDepth(text, MAX_DEPTH) > MAX_DEPTH)
    throw new PageError(`HTML nested deeper than ${MAX_DEPTH} levels`, 200);
  return items === undefined
    ? { fields: extractHtml(text, model) }
    : {
        fields: pageFields.length > 0 ? extractHtml(text, pageFields) : {},
        items: extractHtmlItems(text, items, model),
      };
}
