/**
 * Pages a hostile or broken site might send, served under reserved SKUs so the safety tests can
 * crawl them through the same routes as real listings.
 */
export interface HostilePage {
  status: number;
  contentType: string;
  body: string | Buffer;
}

export const HOSTILE_SKUS = [
  'HOSTILE-HUGE',
  'HOSTILE-DEEP',
  'HOSTILE-SCRIPT',
  'HOSTILE-BADJSON',
  'HOSTILE-ENCODING',
] as const;

export function hostilePage(sku: string, platform: 'web' | 'app'): HostilePage | null {
  const html = 'text/html; charset=utf-8';
  switch (sku) {
    case 'HOSTILE-HUGE':
      // 8 MB of markup: more than any product page, more than the crawler takes.
      return {
        status: 200,
        contentType: html,
        body: `<html><body>${'<p>x</p>'.repeat(1_000_000)}</body></html>`,
      };
    case 'HOSTILE-DEEP':
      return {
        status: 200,
        contentType: html,
        body: `${'<div>'.repeat(50_000)}deep${'</div>'.repeat(50_000)}`,
      };
    case 'HOSTILE-SCRIPT':
      return {
        status: 200,
        contentType: html,
        body:
          '<html><body><h1 id="productTitle"><script>alert(1)</script><img src=x onerror=alert(2)>Evil</h1>' +
          '<div id="corePrice"><span class="a-price"><span class="a-offscreen">₹10.00</span></span></div><div id="availability"><span>In stock</span></div></body></html>',
      };
    case 'HOSTILE-BADJSON':
      return { status: 200, contentType: 'application/json', body: '{"data": {"product": {"sku": "x", ' };
    case 'HOSTILE-ENCODING':
      return {
        status: 200,
        contentType:
          platform === 'app' ? 'application/json; charset=x-klingon' : 'text/html; charset=x-klingon',
        body: Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x9c]),
      };
    default:
      return null;
  }
}
