import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signIn } from './support/signIn.js';

/**
 * Read mode (paxviz share links) in a real cross-site frame: the host page is served from another
 * origin by a small server of the test's own, the app inside the frame runs against the real server with no
 * cookie session of its own (docs/product-spec.md §4 read mode, §8 shared-view messages; frame-ancestors).
 */
interface Link {
  id: number;
  token: string;
}

let live: Link;
let revoked: Link;

/**
 * Another site: a small HTTP server of the test's own on 127.0.0.1 (another origin, same loopback
 * address space, so Chromium's local-network checks stay out of the way). It serves the host page
 * that frames the app, with no headers of ours: the app's own answers carry a Content-Security-
 * Policy that allows same-origin frames only, so they cannot be the host page any more.
 */
let otherSite: Server;
let otherSiteUrl: string;
const hostPages = new Map<string, string>();

test.beforeAll(async () => {
  otherSite = createServer((request, response) => {
    const html = hostPages.get(request.url ?? '') ?? '';
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherSiteUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => otherSite.close(resolve));
});

/** Opens a page of the other site whose body holds the given iframes. */
async function hostPage(page: Page, _baseURL: string, frames: Record<string, string>): Promise<void> {
  const html = Object.entries(frames)
    .map(
      ([name, src]) => `<iframe name="${name}" id="${name}" src="${src}" width="1200" height="800"></iframe>`,
    )
    .join('\n');
  const path = `/host-${hostPages.size}.html`;
  hostPages.set(path, `<!doctype html><html><body>${html}</body></html>`);
  await page.goto(`${otherSiteUrl}${path}`, { waitUntil: 'commit' });
}

function kpi(frame: FrameLocator, label: string) {
  return frame
    .locator('.ss-kpi')
    .filter({ has: frame.locator('.ss-kpi__label', { hasText: new RegExp(`^${label}`) }) })
    .locator('.ss-kpi__value');
}

test.describe('read mode (share links)', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL! });
    try {
      const page = await context.newPage();
      // Any user with the stock screens may share one; multi's first active group is Demo Brands.
      await signIn(page, 'multi@shelfscope.test');
      const csrf = (await context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
      const headers = { 'x-csrf-token': csrf };
      const create = async (menuName: string): Promise<Link> => {
        const r = await context.request.post('/api/v1/paxviz/token', {
          data: { view_id: 11, menu_id: 4, menu_name: menuName, screen: 'stock/kpi' },
          headers,
        });
        expect(r.status()).toBe(200);
        return ((await r.json()) as { data: Link }).data;
      };
      live = await create('stock-board');
      revoked = await create('stock-board-old');
      const r = await context.request.post('/api/v1/paxviz/token/revoke', {
        data: { id: revoked.id },
        headers,
      });
      expect(r.status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  test('a share link in a cross-site frame: no header or sidebar, footer credit, data and working filters', async ({
    page,
    baseURL,
  }) => {
    const embed = `${baseURL}/workspace/paxviz/stock-board?token=${live.token}`;
    const document = page.waitForResponse((r) => r.url() === embed);
    await hostPage(page, baseURL!, { board: embed });
    const csp = (await document).headers()['content-security-policy'] ?? '';
    expect(csp).toContain('frame-ancestors *');

    const frame = page.frameLocator('#board');
    const inStock = kpi(frame, 'In Stock');
    await expect(inStock).toHaveText(/\d/, { timeout: 20_000 });
    await expect(frame.locator('.ss-readfooter')).toHaveText(/Powered by\s*Shelfscope/);
    await expect(frame.locator('.ss-header')).toHaveCount(0);
    await expect(frame.locator('.ss-sidebar')).toHaveCount(0);
    await expect(frame.locator('.ss-usermenu__trigger')).toHaveCount(0);
    // A viewer has no saved views of their own (the server refuses them a viewer token too).
    await expect(frame.getByLabel('Saved views')).toHaveCount(0);
    await expect(frame.locator('table tbody tr').first()).toBeVisible();
    await expect(frame.locator('[aria-busy="true"], .ss-widget--loading')).toHaveCount(0, {
      timeout: 20_000,
    });
    const before = await inStock.textContent();

    // Filter options come from the server under the link's scope, and the filter changes the data.
    await frame.getByLabel('Channel', { exact: true }).fill('Amazon');
    await frame.locator('.ss-select__option', { hasText: 'Amazon' }).first().click();
    await page.keyboard.press('Escape');
    await expect(frame.getByLabel('Selected filters')).toContainText('Amazon');
    await expect(inStock).not.toHaveText(before!);
  });

  test("a revoked link shows 'Link has been expired!' inside the frame", async ({ page, baseURL }) => {
    await hostPage(page, baseURL!, {
      board: `${baseURL}/workspace/paxviz/stock-board-old?token=${revoked.token}`,
    });
    const frame = page.frameLocator('#board');
    const alert = frame.getByRole('alertdialog');
    await expect(alert).toContainText('Link has been expired!');
    await expect(alert.getByRole('heading')).toHaveText('Paxviz');
    // In a frame the alert is type 4: Continue and Cancel.
    await expect(alert.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(frame.locator('.ss-kpi')).toHaveCount(0);
  });

  test("the embed route without a token in a frame alerts 'Frame reloading is not allowed!'", async ({
    page,
    baseURL,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await hostPage(page, baseURL!, { board: `${baseURL}/workspace/paxviz/stock-board` });
    await expect.poll(() => dialogs).toEqual(['Frame reloading is not allowed!']);
  });

  test('routes other than the embed route refuse to be framed (frame-ancestors none)', async ({
    page,
    baseURL,
  }) => {
    const login = `${baseURL}/public/login`;
    const screen = `${baseURL}/workspace/stock/kpi`;
    const answers = [login, screen].map((url) => page.waitForResponse((r) => r.url() === url));
    await hostPage(page, baseURL!, { login, screen });
    for (const answer of answers) {
      const headers = (await answer).headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
    }
    // Chromium replaces a refused frame with its error page: the app never renders inside.
    for (const name of ['login', 'screen']) {
      await expect.poll(() => page.frame({ name })?.url()).toMatch(/^chrome-error:/);
      await expect(page.frameLocator(`#${name}`).locator('#root')).toHaveCount(0);
    }
  });
});
