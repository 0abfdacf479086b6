import http from 'node:http';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * One simulated browser: its own loopback source address (so per-address limits see it as its
 * own client), up to six keep-alive connections as a browser opens, its cookies, and the CSRF
 * header echoed from the csrf cookie like the SPA's HTTP client does.
 */
export class LoopbackClient {
  readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;

  constructor(
    private readonly base: string,
    localAddress: string,
    /** No request outlives this (ms since the epoch): the run stops on time. */
    private readonly deadline: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6, localAddress });
  }

  get(path: string): Promise<Reply> {
    return this.send('GET', path);
  }

  post(path: string, body: unknown): Promise<Reply> {
    return this.send('POST', path, JSON.stringify(body));
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, payload?: string): Promise<Reply> {
    const headers: Record<string, string | number> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrf');
    if (csrf) headers['x-csrf-token'] = csrf;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.base}/api/v1/${path}`,
        { method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            this.keepCookies(response.headers['set-cookie']);
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body,
              ms: performance.now() - started,
            });
          });
          response.on('error', reject);
        },
      );
      request.setTimeout(Math.max(500, Math.min(15_000, this.deadline - Date.now())), () =>
        request.destroy(new Error(`timeout: ${method} ${path}`)),
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** Set-Cookie lines into the jar; an emptied or expired cookie leaves it. */
  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [, name, value] = /^\s*([^=;]+)=([^;]*)/.exec(line) ?? [];
      if (!name) continue;
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.set(name.trim(), value.trim());
      else this.cookies.delete(name.trim());
    }
  }
}
