/**
 * Proxies and the browser obey the outbound policy like plain HTTP: a refused address (written as
 * one, or a name resolving to one) is refused before any connection, against a real proxy and a
 * real Chromium; a trusted host:port (the server's own) still passes, so each case can fail.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureMarket, type FixtureMarket } from '../../demo/fixtureMarket/startFixtureMarket.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';
import { APP_PRODUCT_SCHEMA } from './defaultModelSchemas.js';
import { BrowserPool } from './browserPool.js';
import { crawlPages } from './crawlPages.js';
import { crawlAgent } from './fetchPage.js';
import { parseCrawlSettings } from './crawlSettings.js';
import { fixtureCrawlSettings } from './fixtureProfiles.js';
import { DEFAULT_LIMITS, type CrawlProfile } from './crawlTypes.js';
import type { CrawlSession } from './sessionPool.js';

let market: FixtureMarket;
/** A real HTTP CONNECT proxy on loopback, counting the tunnels it was asked for. */
let proxy: Server;
let tunnels = 0;
/** The paths of the requests sent through its tunnels. */
const tunnelled: string[] = [];

beforeAll(async () => {
  market = await startFixtureMarket();
  proxy = createServer();
  proxy.on('connect', (req, socket, head) => {
    tunnels++;
    socket.on('data', (chunk: Buffer) => {
      const line = /^(GET|POST) (\S+) HTTP/.exec(chunk.toString('latin1'));
      if (line) tunnelled.push(line[2]!);
    });
    const [host, port] = (req.url ?? '').split(':');
    const far = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      far.write(head);
      far.pipe(socket);
      socket.pipe(far);
    });
    far.on('error', () => socket.destroy());
    socket.on('error', () => far.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await market?.close();
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
});

const marketHost = () => new URL(market.baseUrl).host;
const proxyPort = () => (proxy.address() as AddressInfo).port;

function appProfile(proxies: string[], trusted: string[] = []): CrawlProfile {
  return {
    ...DEFAULT_LIMITS,
    responseType: 'JSON',
    allowedHosts: [marketHost()],
    outbound: { allow: [], trustedHosts: [marketHost(), ...trusted] },
    settings: { ...parseCrawlSettings(fixtureCrawlSettings(61, false)), proxies },
  };
}

const page = () => [{ productId: 1, cityId: 1, url: `${market.baseUrl}/app/61/v1/products/X?city_id=1` }];

describe('crawl proxies', () => {
  it('never connects to a proxy on a refused address, as written or by name', async () => {
    for (const uri of [
      `http://localhost:${proxyPort()}`,
      `http://0x7f.1:${proxyPort()}`,
      'http://169.254.169.254:80',
    ]) {
      const out = await crawlPages(page(), appProfile([uri]), APP_PRODUCT_SCHEMA.dataModel);
      expect(
        out.map((o) => (o.ok ? 'ok' : o.reason)),
        uri,
      ).toEqual([DESTINATION_REFUSED]);
    }
    // No request went through any of them, robots.txt's neither, and none went straight to the site.
    expect(tunnels).toBe(0);
    expect(market.requests).toBe(0);
  });

  it('goes through a proxy the server trusts (the same proxy, so the refusal above is the policy), robots.txt too', async () => {
    const uri = `http://127.0.0.1:${proxyPort()}`;
    const before = market.requests;
    const out = await crawlPages(
      page(),
      appProfile([uri], [`127.0.0.1:${proxyPort()}`]),
      APP_PRODUCT_SCHEMA.dataModel,
    );
    expect(tunnels).toBeGreaterThan(0);
    expect(out[0]!.ok || out[0]!.reason).not.toBe(DESTINATION_REFUSED);
    // robots.txt took the pages' route: every request the site saw came through the proxy.
    expect(tunnelled).toContain('/robots.txt');
    expect(market.requests - before).toBe(tunnelled.length);
  });

  it('resolves a page host under the policy before the proxy hears of it', async () => {
    const port = new URL(market.baseUrl).port;
    const uri = `http://127.0.0.1:${proxyPort()}`;
    const profile = appProfile([uri], [`127.0.0.1:${proxyPort()}`]);
    // localhost is a name the proxy would resolve to loopback: refused here, never sent on.
    const named = [
      { productId: 1, cityId: 1, url: `http://localhost:${port}/app/61/v1/products/X?city_id=1` },
    ];
    const [tunnelsBefore, requestsBefore] = [tunnels, market.requests];
    const out = await crawlPages(
      named,
      { ...profile, allowedHosts: [...profile.allowedHosts, `localhost:${port}`] },
      APP_PRODUCT_SCHEMA.dataModel,
    );
    expect(out.map((o) => (o.ok ? 'ok' : o.reason))).toEqual([DESTINATION_REFUSED]);
    expect([tunnels, market.requests]).toEqual([tunnelsBefore, requestsBefore]);
  });
});

describe.skipIf(!existsSync('/usr/bin/chromium'))('browser navigation', () => {
  it('routes every page request through the policy: a refused host is never reached, a trusted one is', async () => {
    const port = new URL(market.baseUrl).port;
    const profile = { ...DEFAULT_LIMITS, outbound: { allow: [], trustedHosts: [marketHost()] } };
    const agent = crawlAgent({ ...appProfile([]), ...profile });
    const pool = new BrowserPool({
      pages: 1,
      timeoutMs: 20_000,
      maxPageBytes: DEFAULT_LIMITS.maxPageBytes,
      allowedHosts: [marketHost(), `localhost:${port}`, `127.0.0.2:${port}`],
      userAgent: 'test',
      outbound: profile.outbound,
      fetchVia: () => agent,
    });
    const session = (id: string): CrawlSession => ({
      id,
      cityId: 1,
      cookies: new Map(),
      headers: {},
      uses: 0,
      lastUsedAt: 0,
      busy: false,
      retired: false,
    });
    try {
      const before = market.requests;
      // localhost resolves to loopback (refused at the lookup); 0x7f.2 is 127.0.0.2 written otherwise.
      for (const host of [`localhost:${port}`, `0x7f.2:${port}`])
        await expect(pool.render(`http://${host}/web/1/dp/X`, session(host), '')).rejects.toThrow(
          DESTINATION_REFUSED,
        );
      expect(market.requests).toBe(before);
      const trusted = await pool.render(`${market.baseUrl}/web/1/dp/X`, session('ok'), '');
      expect(trusted.status).toBeGreaterThan(0);
      expect(market.requests).toBeGreaterThan(before);
    } finally {
      await pool.close();
      await agent.close();
    }
  }, 60_000);
});
