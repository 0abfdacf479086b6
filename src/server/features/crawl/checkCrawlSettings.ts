import { BadRequestError } from '../../../shared/errors.js';
import { isSealedProxy, sealProxy } from './proxySecrets.js';
import { shownProxy } from './profileFormValues.js';

const KNOWN = new Set([
  'session',
  'location',
  'blocks',
  'not_found_markers',
  'render',
  'robots',
  'proxies',
  'cities',
  'paging',
]);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function bad(message: string): never {
  throw new BadRequestError(message, [{ path: 'crawl_settings', message }]);
}

/**
 * A channel profile's `crawl_settings` as saved through the API (crawlSettings.ts reads them, with
 * defaults): a JSON object of the known parts, each of its kind, else a 400 naming what is wrong,
 * so nothing a crawl would silently default is stored. Proxy endpoints are sealed
 * (proxySecrets.ts); when none are given, the ones stored before (`keptProxies`) stay, and one
 * given masked as the form shows it (`http://***@host:port`) is the stored one it masks.
 */
export function checkCrawlSettings(text: string, groupId: number, keptProxies: readonly string[]): string {
  let raw: unknown;
  try {
    raw = JSON.parse(text === '' ? '{}' : text);
  } catch {
    bad('Crawl settings must be a JSON object.');
  }
  if (!isObject(raw)) bad('Crawl settings must be a JSON object.');
  const unknown = Object.keys(raw).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0)
    bad(`Unknown crawl setting ${unknown.join(', ')} (known: ${[...KNOWN].join(', ')}).`);
  const location = raw.location;
  if (location !== undefined) {
    if (!isObject(location) || !['query', 'cookie', 'header'].includes(String(location.kind)))
      bad('location.kind must be query, cookie or header.');
    if (location.kind !== 'query' && (typeof location.url !== 'string' || !location.url.includes('{city}')))
      bad('A cookie or header location needs its call in location.url, with {city}.');
  }
  const render = raw.render;
  if (render !== undefined && (!isObject(render) || !['http', 'browser'].includes(String(render.mode))))
    bad('render.mode must be http or browser.');
  const blocks = raw.blocks;
  if (blocks !== undefined) {
    if (!isObject(blocks)) bad('blocks must be an object.');
    for (const key of ['markers', 'required_fields'] as const)
      if (blocks[key] !== undefined && !isStrings(blocks[key])) bad(`blocks.${key} must be a list of texts.`);
    if (blocks.statuses !== undefined && !isInts(blocks.statuses, 100, 599))
      bad('blocks.statuses must be a list of HTTP statuses.');
  }
  if (raw.not_found_markers !== undefined && !isStrings(raw.not_found_markers))
    bad('not_found_markers must be a list of texts.');
  if (raw.robots !== undefined && raw.robots !== 'obey' && raw.robots !== 'ignore')
    bad('robots must be obey or ignore.');
  if (raw.cities !== undefined && !isInts(raw.cities, 1, 2_147_483_647))
    bad('cities must be a list of city ids.');
  if (raw.paging !== undefined) checkPaging(raw.paging);
  let proxies = [...keptProxies];
  if (raw.proxies !== undefined) {
    if (!isStrings(raw.proxies)) bad('proxies must be a list of http://host:port endpoints.');
    // A masked endpoint (the form shows stored ones masked) keeps the sealed one it stands for.
    const kept = new Map(keptProxies.map((k) => [shownProxy(k, groupId), k]));
    proxies = raw.proxies.map((p) => {
      if (isSealedProxy(p)) return p;
      const known = kept.get(p);
      if (known) return known;
      if (p.includes('***')) bad(`Proxy "${p}" is masked and matches no stored endpoint: give it whole.`);
      return sealProxy(proxyUrl(p), groupId);
    });
  }
  return JSON.stringify({ ...raw, proxies });
}

/** `paging`: by {page}, or by a cursor read at a JSONPath and sent back in a query parameter. */
function checkPaging(paging: unknown): void {
  if (!isObject(paging) || (paging.mode !== 'page' && paging.mode !== 'cursor'))
    bad('paging.mode must be page or cursor.');
  if (paging.mode === 'page') return;
  const unknown = Object.keys(paging).filter((k) => !['mode', 'cursor', 'param', 'max_pages'].includes(k));
  if (unknown.length > 0)
    bad(`Unknown paging setting ${unknown.join(', ')} (known: mode, cursor, param, max_pages).`);
  if (typeof paging.cursor !== 'string' || !/^\$[.[]/.test(paging.cursor) || paging.cursor.length > 200)
    bad('paging.cursor must be the JSONPath of the next cursor in a listing answer (e.g. $.next_cursor).');
  if (typeof paging.param !== 'string' || !/^[A-Za-z0-9_.-]{1,40}$/.test(paging.param))
    bad('paging.param must be the query parameter the cursor is sent back in (e.g. cursor).');
  if (paging.max_pages !== undefined && !isInts([paging.max_pages], 1, 500))
    bad('paging.max_pages must be a whole number from 1 to 500.');
}

function proxyUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    bad(`Proxy "${text.replace(/\/\/[^@/]*@/, '//***@')}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') bad('A proxy endpoint is http:// or https://.');
  return text;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isInts = (v: unknown, min: number, max: number): v is number[] =>
  Array.isArray(v) && v.every((x) => Number.isInteger(x) && (x as number) >= min && (x as number) <= max);
