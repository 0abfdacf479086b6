import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTIVITIES, PLATFORM_ACTIVITIES } from '../../src/shared/admin/adminActivities.js';
import { DEMO, PASSWORD, login, otpFor, startAuthServer, type AuthServer } from './authHarness.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
  await server.deps.warehouse.exec(
    "INSERT INTO crawl_log VALUES (1, 'product', DATE '2026-11-20'), (2, 'product', DATE '2026-11-01')",
  );
});
afterAll(() => server.close());

describe('login flow', () => {
  it('credentials -> OTP -> trust -> group -> active session, then logout', async () => {
    const c = server.client();
    const auth = await c.post('authenticate', { username: DEMO.toUpperCase(), password: PASSWORD });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ statusCode: 1, settrustbrowser: false, org_list: [] });
    expect(c.cookie('sid')).toBeTruthy();
    // Before the OTP step nothing behind the login answers.
    expect((await c.get('processmonitor/sessionvalidity')).status).toBe(401);
    expect((await c.post('selectGroup', { group_id: 1 })).status).toBe(401);

    const otp = await c.post('verifyotp', { otp: otpFor(server, DEMO) });
    expect(otp.status).toBe(200);
    expect(otp.body.org_list).toEqual([{ id: 1, group_name: 'Demo Brands', status: 1 }]);
    expect((await c.post('trustbrowser', {})).status).toBe(200);
    expect(c.cookie('tb')).toBeTruthy();

    const group = await c.post<Record<string, unknown>>('selectGroup', { group_id: 1 });
    expect(group.status).toBe(200);
    expect(group.body.data).toMatchObject({
      groupName: 'Demo Brands',
      pass_day_left: 90,
      last_crawl_date: { product: '2026-11-20' },
    });
    // The demo user is an admin: the admin side's activities come with the screens', all but the
    // screen editor, which is platform staff's (docs/principals.md).
    const adminUrls = Object.values(ADMIN_ACTIVITIES)
      .map((a) => a.url)
      .filter((url) => !PLATFORM_ACTIVITIES.includes(url));
    expect(group.body.data?.activityList).toEqual(
      ['price/kpi', 'stock/data', 'stock/kpi', ...adminUrls].sort(),
    );

    const validity = await c.get('processmonitor/sessionvalidity');
    expect(validity.status).toBe(200);
    expect(validity.body).toMatchObject({
      statusCode: 1,
      userId: expect.any(Number) as number,
      loginTime: expect.any(String) as string,
    });

    const info = await c.get<Record<string, unknown>>('user_info');
    expect(info.body.data).toMatchObject({
      userName: DEMO,
      firstName: 'Demo',
      groupName: 'Demo Brands',
      ktrVersion: '0.0.1',
      mrp: 'MRP',
      selling_price: 'Selling Price',
      images_type: 0,
    });
    expect(info.body.data?.last_success_login).toEqual(expect.any(String));

    const menu = await c.get<{ menuList: unknown[] }>('user/menu');
    expect(menu.body.data?.menuList).toEqual([
      {
        id: 1,
        label: 'Stock',
        menu_name: 'stock',
        iconclass: 'stock',
        v2class: 'stock',
        v2clickurl: '/workspace/stock/kpi',
        path: '',
      },
      {
        id: 2,
        label: 'Price',
        menu_name: 'price',
        iconclass: 'price',
        v2class: 'price',
        v2clickurl: '/workspace/price/kpi',
        path: '',
      },
    ]);
    expect((await c.get('info/getlastcrawltiming')).body.data).toEqual({ product: '2026-11-20' });

    expect((await c.post('logout')).status).toBe(200);
    const after = await c.get('processmonitor/sessionvalidity');
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('unauthorized user');
  });

  it('a trusted browser skips the OTP step and lists the groups at once', async () => {
    const c = server.client();
    await c.post('authenticate', { username: DEMO, password: PASSWORD });
    await c.post('verifyotp', { otp: otpFor(server, DEMO) });
    await c.post('trustbrowser', {});
    await c.post('logout');
    const again = await c.post('authenticate', { username: DEMO, password: PASSWORD });
    expect(again.body).toMatchObject({
      statusCode: 1,
      settrustbrowser: true,
      org_list: [{ id: 1, group_name: 'Demo Brands', status: 1 }],
    });
    expect((await c.post('selectGroup', { group_id: 1 })).status).toBe(200);
    // Another browser of the same user is not trusted.
    const other = await server.client().post('authenticate', { username: DEMO, password: PASSWORD });
    expect(other.body.settrustbrowser).toBe(false);
  });

  it('lists expired groups as status 0 and refuses to select them', async () => {
    const c = server.client();
    await c.post('authenticate', { username: 'multi@shelfscope.test', password: PASSWORD });
    const otp = await c.post('verifyotp', { otp: otpFor(server, 'multi@shelfscope.test') });
    expect(otp.body.org_list).toEqual([
      { id: 1, group_name: 'Demo Brands', status: 1 },
      { id: 3, group_name: 'Legacy Retail', status: 0 },
    ]);
    const expired = await c.post('selectGroup', { group_id: 3 });
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toBe('Group Expired, Please Contact Admin');
    expect((await c.post('selectGroup', { group_id: 2 })).status).toBe(403);
    expect((await c.post('selectGroup', { group_id: 1 })).status).toBe(200);
  });

  it('answers the spec messages for blank and wrong credentials', async () => {
    const c = server.client();
    expect((await c.post('authenticate', { username: '', password: 'x' })).body.msg).toBe(
      'User Name can not be blank.',
    );
    expect((await c.post('authenticate', { username: DEMO, password: '' })).body.msg).toBe(
      'Password can not be blank.',
    );
    const wrong = await c.post('authenticate', { username: DEMO, password: 'Wrong@123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ statusCode: 0, msg: 'Wrong Credentials' });
    const unknown = await c.post('authenticate', {
      username: 'nobody@shelfscope.test',
      password: 'Wrong@123',
    });
    expect(unknown.body).toMatchObject({ statusCode: 0, msg: 'Wrong Credentials' });
    const info = await (await login(server)).get<{ last_failed_login: string | null }>('user_info');
    expect(info.body.data?.last_failed_login).toEqual(expect.any(String));
  });

  it('a restricted role sees only its screens in the menu and activity list', async () => {
    const c = await login(server, 'stock@shelfscope.test');
    const menu = await c.get<{ menuList: { menu_name: string }[]; activityList: string[] }>('user/menu');
    expect(menu.body.data?.menuList.map((m) => m.menu_name)).toEqual(['stock']);
    expect(menu.body.data?.activityList).toEqual(['stock/data', 'stock/kpi']);
  });

  it('the agreement gate: accepted for the demo user, pending then accepted for another', async () => {
    const demo = await login(server);
    expect((await demo.get<{ status: number | null }>('agreement')).body.data?.status).toBe(1);
    const c = await login(server, 'stock@shelfscope.test');
    const before = await c.get<{ status: number | null; description: string }>('agreement');
    expect(before.body.data?.status).toBeNull();
    expect(before.body.data?.description).toContain('Licence Agreement');
    expect((await c.put('agreement', {})).status).toBe(200);
    expect((await c.get<{ status: number | null }>('agreement')).body.data?.status).toBe(1);
  });

  it('the captcha check accepts when no captcha is configured', async () => {
    const r = await server.client().post('validate/captcha', { captcha_token: 'x' });
    expect(r.body.statusCode).toBe(1);
  });

  it('only the embed route may be framed', async () => {
    const r = await server.client().get('processmonitor/sessionvalidity');
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a screen added to the config reaches roles that grant every screen, without a restart', async () => {
    const c = await login(server);
    server.config.addArea('sales', 'Sales', ['kpi']);
    const menu = await c.get<{ activityList: string[] }>('user/menu');
    expect(menu.body.data?.activityList).toContain('sales/kpi');
    const stockOnly = await login(server, 'stock@shelfscope.test');
    expect(
      (await stockOnly.get<{ activityList: string[] }>('user/menu')).body.data?.activityList,
    ).not.toContain('sales/kpi');
  });
});
