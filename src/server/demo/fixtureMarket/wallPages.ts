import type { WallKind } from './marketMechanics.js';

/** An answer of the market that is not the page asked for. */
export interface MarketAnswer {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string | string[]>;
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A bot wall as real sites send it: a 200 captcha page, a 403 or 503 challenge, or (`emptied`) a
 * page that looks fine but whose product block is empty. App channels answer JSON.
 */
export function wallAnswer(kind: WallKind, platform: 'web' | 'app'): MarketAnswer {
  if (platform === 'app') {
    switch (kind) {
      case 'captcha':
        return answer(200, JSON_TYPE, {
          status: 'verify',
          captcha: { required: true, reason: 'robot check' },
        });
      case 'challenge403':
        return answer(403, JSON_TYPE, { error: 'challenge_required', message: 'Access denied' });
      case 'challenge503':
        return answer(503, JSON_TYPE, { error: 'challenge', message: 'Checking your device' });
      case 'emptied':
        return answer(200, JSON_TYPE, { data: { product: {} } });
    }
  }
  switch (kind) {
    case 'captcha':
      return answer(
        200,
        HTML,
        `<!doctype html><html><head><title>Robot Check</title></head><body><h4>Enter the characters you see below</h4>
<p>Sorry, we just need to make sure you're not a robot.</p><form action="/errors/validateCaptcha"><img src="/captcha/x.jpg"><input name="field-keywords"></form></body></html>`,
      );
    case 'challenge403':
      return answer(
        403,
        HTML,
        "<!doctype html><html><head><title>Access Denied</title></head><body><h1>Access Denied</h1><p>You don't have permission to access this page. Reference #18.2f</p></body></html>",
      );
    case 'challenge503':
      return answer(
        503,
        HTML,
        '<!doctype html><html><head><title>Just a moment...</title></head><body><div id="challenge-running">Checking your browser before accessing the site.</div></body></html>',
      );
    case 'emptied':
      return answer(
        200,
        HTML,
        '<!doctype html><html><head><title>Product</title></head><body><nav>Deliver to</nav><div id="dp"></div><footer>Fixture marketplace</footer></body></html>',
      );
  }
}

/** A 200 page for a listing the site no longer shows: a soft 404. */
export function soft404Answer(platform: 'web' | 'app'): MarketAnswer {
  return platform === 'app'
    ? answer(200, JSON_TYPE, { status: 'ok', data: null, message: 'This product is unavailable' })
    : answer(
        200,
        HTML,
        '<!doctype html><html><head><title>Page unavailable</title></head><body><div id="dp"><h1>This product is unavailable</h1><p>It may have been removed or is no longer sold here.</p></div></body></html>',
      );
}

/** The site's robots.txt: product, search and category pages are open; carts and a private area not. */
export const ROBOTS_TXT = `User-agent: *
Disallow: /checkout/
Disallow: /web/*/cart
Disallow: /private/
Allow: /
`;

/**
 * A script-rendered product page: the HTML is a shell; its script asks the site's API for the
 * product block (with the visitor's cookies) and marks the root `data-rendered` when done.
 */
export function scriptShell(channelId: number, sku: string, title: string): string {
  const api = `/web/${channelId}/api/pdp/${encodeURIComponent(sku)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title.replace(/[<&>"']/g, '')}</title></head>
<body><nav>Deliver to</nav><div id="pdp-root" class="skeleton">Loading…</div>
<script>
fetch(${JSON.stringify(api)}, { credentials: 'same-origin' })
  .then(function (r) { return r.json(); })
  .then(function (d) { var root = document.getElementById('pdp-root'); root.innerHTML = d.html || ''; root.setAttribute('data-rendered', '1'); })
  .catch(function () { document.getElementById('pdp-root').setAttribute('data-rendered', 'error'); });
</script><footer>Fixture marketplace</footer></body></html>`;
}

export function answer(status: number, contentType: string, body: unknown): MarketAnswer {
  return { status, contentType, body: typeof body === 'string' ? body : JSON.stringify(body) };
}
