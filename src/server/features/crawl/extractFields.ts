import { load } from 'cheerio';
import { JSONPath } from 'jsonpath-plus';
import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';

export type FieldValue = string | number | null;
/** What a stored text may hold at most: page text is data, not a document. */
const MAX_TEXT = 500;
const NUMBER = /-?\d[\d,]*(?:\.\d+)?/;

function toValue(entry: DataModelEntry, raw: unknown): FieldValue {
  if (raw === undefined || raw === null) return entry.defaultValue;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text === '') return entry.defaultValue;
    value = entry.map && text in entry.map ? entry.map[text] : text;
  } else if (entry.map && (typeof raw === 'number' || typeof raw === 'boolean') && String(raw) in entry.map) {
    value = entry.map[String(raw)];
  }
  if (entry.type === 'string') return typeof value === 'string' ? value.slice(0, MAX_TEXT) : String(value);
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const found = NUMBER.exec(value);
    if (!found) return entry.defaultValue;
    n = Number(found[0].replace(/,/g, ''));
  } else return entry.defaultValue;
  if (!Number.isFinite(n)) return entry.defaultValue;
  return entry.type === 'integer' ? Math.trunc(n) : n;
}

type Html = ReturnType<typeof load>;
type Nodes = ReturnType<Html>;

/** An entry's raw value in `node`: the first present attribute it names, else the text. */
function htmlRaw(entry: DataModelEntry, node: Nodes): string | undefined {
  if (node.length === 0) return undefined;
  if (entry.attribute !== undefined) {
    for (const name of entry.attribute.split(',')) {
      const value = node.attr(name.trim());
      if (value !== undefined) return value;
    }
    return undefined;
  }
  // Script and style text is never page content.
  node.find('script, style').remove();
  return node.text();
}

// htmlparser2, not parse5: several times faster on deep or broken markup.
const parseHtml = (html: string): Html => load(html, { xml: { xmlMode: false, decodeEntities: true } });

/** Fields of an HTML page: each entry's CSS selector, its first match's text (or attribute). */
export function extractHtml(html: string, model: readonly DataModelEntry[]): Record<string, FieldValue> {
  const $ = parseHtml(html);
  const out: Record<string, FieldValue> = {};
  for (const entry of model) out[entry.name] = toValue(entry, htmlRaw(entry, $(entry.source).first()));
  return out;
}

/**
 * Fields of each result of an HTML listing page: `items` selects the results in page order; each
 * entry reads the result itself when it matches the entry's selector, else its first match inside.
 */
export function extractHtmlItems(
  html: string,
  items: string,
  model: readonly DataModelEntry[],
): Record<string, FieldValue>[] {
  const $ = parseHtml(html);
  return $(items)
    .toArray()
    .map((element) => {
      const item = $(element);
      const out: Record<string, FieldValue> = {};
      for (const entry of model) {
        const node = item.is(entry.source) ? item : item.find(entry.source).first();
        out[entry.name] = toValue(entry, htmlRaw(entry, node));
      }
      return out;
    });
}

/** Fields of each result of a JSON listing answer: `items` is the JSONPath of the results. */
export function extractJsonItems(
  json: unknown,
  items: string,
  model: readonly DataModelEntry[],
): Record<string, FieldValue>[] {
  const found: unknown[] = JSONPath({ path: items, json: json as object, wrap: true, eval: false });
  return found
    .filter((item) => typeof item === 'object' && item !== null)
    .map((item) => extractJson(item, model));
}

/** Fields of a JSON answer: each entry's JSONPath, its first match. */
export function extractJson(json: unknown, model: readonly DataModelEntry[]): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const entry of model) {
    const found: unknown[] = JSONPath({
      path: entry.source,
      json: json as object,
      wrap: true,
      eval: false,
    });
    const first = found.find((v) => v !== undefined && v !== null && typeof v !== 'object');
    out[entry.name] = toValue(entry, first);
  }
  return out;
}
