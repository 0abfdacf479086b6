import { fetchBuffered } from '../../api/support/fetchBuffered.js';

export interface Answer {
  status: number;
  body: { statusCode?: number; msg?: string; data?: unknown };
  /** Index of the instance that answered. */
  instance: number;
}

/**
 * A browser behind a round-robin load balancer: one cookie jar, each call to the next instance.
 * What a proxy retries (nginx `proxy_next_upstream error timeout http_503`) is retried on the
 * next instance: a refused or reset connection, or the 503 of an instance shutting down. Every
 * retry is counted so a test can tell one happened.
 */
export class RoundRobinClient {
  private readonly cookies = new Map<string, string>();
  private turn = 0;
  retries = 0;

  constructor(private readonly urls: string[]) {}

  get(route: string, options: { on?: number } = {}): Promise<Answer> {
    return this.call('GET', route, undefined, options.on);
  }

  post(route: string, body: unknown = {}, options: { on?: number } = {}): Promise<Answer> {
    return this.call('POST', route, body, options.on);
  }

  put(route: string, body: unknown = {}, options: { on?: number } = {}): Promise<Answer> {
    return this.call('PUT', route, body, options.on);
  }

  /** The cookies as a Cookie header (a socket.io client of the same browser sends them). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A second browser holding this one's cookies (a stolen or copied session). */
  copy(): RoundRobinClient {
    const other = new RoundRobinClient(this.urls);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  private async call(method: string, route: string, body: unknown, on?: number): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('csrf'))
      await this.call('GET', 'processmonitor/sessionvalidity', undefined);
    let instance = on ?? this.turn++ % this.urls.length;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.once(instance, method, route, body);
        if (answer.status !== 503 || attempt >= this.urls.length) return answer;
      } catch (error) {
        if (attempt >= this.urls.length) throw error;
      }
      this.retries++;
      instance = (instance + 1) % this.urls.length;
    }
  }

  private async once(instance: number, method: string, route: string, body: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrf');
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetchBuffered(`${this.urls[instance]}/api/v1/${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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
    let parsed: Answer['body'];
    try {
      parsed = response.json();
    } catch {
      parsed = { msg: response.text() };
    }
    return { status: response.status, body: parsed, instance };
  }
}
