/**
 * The demo's channel profiles as an admin would write them for the fixture market's sites
 * (demo/fixtureMarket): web channels open a session on the home page and choose the city with a
 * location call that sets a cookie; app channels bootstrap and send the location call's token in
 * a header; channel 4 renders its product block by script, so it goes through the browser;
 * channel 62's search and category answers page only by infinite scroll (the answer's
 * `next_cursor`, sent back as `?cursor=`; demo/fixtureMarket/scrollPaging.ts).
 */
const SCRIPT_RENDERED = new Set([4]);
export const CURSOR_PAGED: ReadonlySet<number> = new Set([62]);

const WEB_MARKERS = ['Robot Check', "make sure you're not a robot", 'Checking your browser', 'Access Denied'];
const APP_MARKERS = ['"captcha"', 'challenge_required', '"error":"challenge"'];

export function fixtureProductTemplate(channelId: number, isWeb: boolean): string {
  return isWeb ? `/web/${channelId}/dp/{sku}` : `/app/${channelId}/v1/products/{sku}`;
}

export function fixtureCrawlSettings(channelId: number, isWeb: boolean): string {
  const script = isWeb && SCRIPT_RENDERED.has(channelId);
  return JSON.stringify({
    session: {
      warmup_url: isWeb ? `/web/${channelId}/` : `/app/${channelId}/v1/bootstrap`,
      per_city: 3,
      // The market flags a session past 25 requests a second; a rendered page costs two.
      min_interval_ms: script ? 100 : 50,
      max_uses: 400,
    },
    location: isWeb
      ? { kind: 'cookie', url: `/web/${channelId}/location?city={city}`, method: 'POST' }
      : {
          kind: 'header',
          url: `/app/${channelId}/v1/location?city_id={city}`,
          method: 'POST',
          token_path: '$.location.token',
          header: 'x-location-token',
        },
    blocks: {
      statuses: [403, 503],
      markers: isWeb ? WEB_MARKERS : APP_MARKERS,
      required_fields: ['stock_status'],
      retries: 2,
    },
    not_found_markers: ['This product is unavailable'],
    render: script ? { mode: 'browser', wait_for: '#pdp-root[data-rendered]' } : { mode: 'http' },
    robots: 'obey',
    proxies: [],
    ...(CURSOR_PAGED.has(channelId)
      ? { paging: { mode: 'cursor', cursor: '$.next_cursor', param: 'cursor', max_pages: 20 } }
      : {}),
  });
}
