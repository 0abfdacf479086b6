import type { Envelope } from '../../../src/shared/envelope.js';
import { fetchBuffered, type BufferedResponse } from './fetchBuffered.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: Envelope<T> & Record<string, unknown>;
  headers: Headers;
}

/** A browser-like HTTP client for the API tests: keeps cookies and echoes the CSRF cookie. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie header this client sends, for another client acting as the same browser. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get<T = unknown>(
    route: string,
    params: Record<string, string | number> = {},
  ): Promise<ApiResponse<T>> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return this.send<T>('GET', `${route}${query ? `?${query}` : ''}`);
  }

  async post<T = unknown>(
    route: string,
    body: unknown = {},
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    return this.send<T>('POST', route, body, headers);
  }

  async put<T = unknown>(route: string, body: unknown = {}): Promise<ApiResponse<T>> {
    return this.send<T>('PUT', route, body);
  }

  async delete<T = unknown>(route: string): Promise<ApiResponse<T>> {
    return this.send<T>('DELETE', route);
  }

  async raw(
    method: string,
    route: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<BufferedResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const csrf = this.cookies.get('csrf');
    if (csrf && method !== 'GET' && !('x-csrf-token' in headers)) headers['x-csrf-token'] = csrf;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetchBuffered(`${this.baseUrl}/api/v1/${route.replace(/^\//, '')}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  private async send<T>(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    // A first GET obtains the csrf cookie, as the SPA's first call does.
    if (method !== 'GET' && !this.cookies.has('csrf'))
      await this.raw('GET', 'processmonitor/sessionvalidity');
    const response = await this.raw(method, route, { body: method === 'GET' ? undefined : body, headers });
    const text = response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { statusCode: -1, msg: text };
    }
    return { status: response.status, body: parsed as ApiResponse<T>['body'], headers: response.headers };
  }
}

export { latestOtp } from '../../support/outbox.js';
