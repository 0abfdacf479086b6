import axios, { type AxiosError } from 'axios';
import type { Envelope } from '../../shared/envelope.js';

/**
 * The one HTTP client of the SPA. CSRF: the server sets a `csrf` cookie and every state change
 * must echo it in `x-csrf-token` (axios does this from xsrfCookieName/xsrfHeaderName). Interceptors
 * for 401 handling, read-mode headers and query merging are added by the access and engine code.
 */
export const http = axios.create({
  baseURL: '/api/v1/',
  withCredentials: true,
  xsrfCookieName: 'csrf',
  xsrfHeaderName: 'x-csrf-token',
  paramsSerializer: { serialize: serializeParams },
});

/** Lists become comma-separated; undefined, null and empty lists are dropped (docs/product-spec.md §5). */
export function serializeParams(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      parts.push(`${encodeURIComponent(key)}=${value.map((v) => encodeURIComponent(String(v))).join(',')}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalarText(value))}`);
    }
  }
  return parts.join('&');
}

/** Scalars as text; an object (never expected in a query) as JSON rather than '[object Object]'. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/** Message of a failed call: the server's msg, else the spec's generic text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  const data = (error as AxiosError<Envelope>)?.response?.data;
  return data && typeof data.msg === 'string' && data.msg ? data.msg : fallback;
}
