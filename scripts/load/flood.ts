import http from 'node:http';
import type { Tally } from './stats.js';

/**
 * The login flood (docs/bench.md): `connections` clients posting authenticate with new user names as
 * fast as answers come, from `addresses` loopback addresses, until the deadline. Each brings its
 * own double-submit CSRF pair (a script can; only a browser cannot).
 */
export async function runFlood(
  base: string,
  connections: number,
  addresses: number,
  until: number,
  tally: Tally,
): Promise<void> {
  let n = 0;
  const worker = async (i: number) => {
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: 1,
      localAddress: `127.0.2.${(i % addresses) + 1}`,
    });
    while (Date.now() < until) {
      const payload = JSON.stringify({ username: `flood-${n++}@x.test`, password: 'guess-123' });
      const started = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = http.request(
          `${base}/api/v1/authenticate`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              cookie: 'csrf=f',
              'x-csrf-token': 'f',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.setTimeout(Math.max(500, until + 3_000 - Date.now()), () => req.destroy());
        req.on('error', () => resolve(0));
        req.end(payload);
      });
      // A refused attempt (401 wrong password, 429 limited, 503 busy) is the server holding.
      tally.add(performance.now() - started, status, status !== 0 && status < 500);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
}
