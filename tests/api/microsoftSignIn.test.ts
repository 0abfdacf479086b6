/**
 * Sign in with Microsoft end to end against a real OpenID provider on loopback, shaped like Entra
 * ID (tests/support/entraLikeProvider.ts): the authorization code flow with PKCE through the
 * product's azure/session and azure/token, the staff's domain and tenant mappings, and the
 * refusals: a wrong audience, an expired id token, a replayed callback, an unmapped organisation
 * (no account created) and a blocked user (refused; their sessions end when blocked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/auth/accessRules.js';
import { MICROSOFT_MSG } from '../../src/shared/auth/microsoftSignIn.js';
import { startEntraLikeProvider, type EntraLikeProvider } from '../support/entraLikeProvider.js';
import { ApiClient } from './support/apiClient.js';
import { microsoftSignIn } from './support/microsoftSignIn.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const REDIRECT = 'http://localhost:9/public/microsoft';
const FABRIKAM_TENANT = '0b2c6e1d-5a4f-4c3b-9e8d-7f6a5b4c3d2e';

describe('Sign in with Microsoft (OpenID Connect)', () => {
  let idp: EntraLikeProvider;
  let server: TestServer;
  let staff: ApiClient;
  let roleId: number;

  const users = (name: string) =>
    server.server.app.deps.store.db
      .selectFrom('users')
      .select(['id', 'status', 'password_hash'])
      .where('user_name', '=', name)
      .execute();

  beforeAll(async () => {
    idp = await startEntraLikeProvider({ redirectUrl: REDIRECT });
    server = await startTestServer({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_REDIRECT_URL: REDIRECT,
    });
    staff = await signIn(server, 'staff@shelfscope.test');
    // The least role of Demo Brands: the one granting the fewest activities.
    const roles = await server.server.app.deps.store.db
      .selectFrom('roles as r')
      .leftJoin('role_activities as ra', 'ra.role_id', 'r.id')
      .select((eb) => ['r.id', eb.fn.count<number>('ra.activity_id').as('n')])
      .where('r.group_id', '=', 1)
      .groupBy('r.id')
      .orderBy('n')
      .execute();
    roleId = roles[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it('lets platform staff alone map domains and tenants to a group, checked and audited', async () => {
    const admin = await signIn(server);
    const asked = { kind: 'tenant', value: idp.tenantId.toUpperCase(), group_id: 1, role_id: roleId };
    expect((await admin.post('admin/microsoft/mappings', asked)).status).toBe(403);
    const bad = await staff.post('admin/microsoft/mappings', {
      ...asked,
      kind: 'domain',
      value: 'not a domain',
    });
    expect([bad.status, bad.body.msg]).toEqual([400, MICROSOFT_MSG.badDomain]);
    const otherGroupsRole = await staff.post('admin/microsoft/mappings', { ...asked, group_id: 2 });
    expect([otherGroupsRole.status, otherGroupsRole.body.msg]).toEqual([400, MICROSOFT_MSG.roleNotInGroup]);

    const added = await staff.post<{ id: number }>('admin/microsoft/mappings', asked);
    expect(added.body.statusCode).toBe(1);
    const again = await staff.post('admin/microsoft/mappings', asked);
    expect([again.status, again.body.msg]).toEqual([400, MICROSOFT_MSG.duplicate]);
    const listed =
      await staff.get<{ id: number; kind: string; value: string; group_name: string }[]>(
        'admin/microsoft/mappings',
      );
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        id: added.body.data!.id,
        kind: 'tenant',
        value: idp.tenantId,
        group_name: 'Demo Brands',
      }),
    );
    const audit = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['action', 'group_id'])
      .where('target', '=', `microsoftMapping:${added.body.data!.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'microsoftMapping.added', group_id: 1 }]);
  });

  it('signs a new user of a mapped tenant in: account created once, session at group choice, activities', async () => {
    const email = 'alice@contoso.test';
    const { client, answer } = await microsoftSignIn(server, idp, { email, name: 'Alice Smith' });
    expect(answer.status).toBe(200);
    // The provider confirmed the user: no one-time code, straight to the group choice.
    expect(answer.body).toMatchObject({ statusCode: 1, settrustbrowser: true });
    expect(answer.body.data!.org_list.map((g) => g.id)).toEqual([1]);
    const [created] = await users(email);
    expect(created).toMatchObject({ status: 'active', password_hash: null });

    expect((await client.get('auth/activity')).status).toBe(401);
    const selected = await client.post<{ pass_day_left: number }>('selectGroup', { group_id: 1 });
    // No password to age: the workspace asks for no password update.
    expect(selected.body.data!.pass_day_left).toBe(90);
    const granted = await server.server.app.deps.store.db
      .selectFrom('role_activities as ra')
      .innerJoin('activities as a', 'a.id', 'ra.activity_id')
      .select('a.url')
      .where('ra.role_id', '=', roleId)
      .where('a.active', '=', true)
      .execute();
    const mine = await client.get<{ activities: string[] }>('auth/activity');
    expect(mine.body.data!.activities).toEqual(granted.map((g) => g.url).sort());
    const agreement = await client.get<{ status: number | null }>('agreement');
    expect(agreement.body.data!.status).toBeNull();

    // A second sign-in is the same account.
    const second = await microsoftSignIn(server, idp, { email, name: 'Alice Smith' });
    expect(second.answer.body.statusCode).toBe(1);
    expect(await users(email)).toHaveLength(1);
  });

  it('refuses an unmapped organisation with a clear message and creates no account', async () => {
    const email = 'bob@fabrikam.test';
    const { client, answer } = await microsoftSignIn(server, idp, { email, tenantId: FABRIKAM_TENANT });
    expect([answer.status, answer.body.msg]).toEqual([403, MICROSOFT_MSG.notMapped]);
    expect(await users(email)).toEqual([]);
    expect((await client.post('selectGroup', { group_id: 1 })).status).toBe(401);

    // Mapped by its domain, the same account gets in.
    const mapped = await staff.post('admin/microsoft/mappings', {
      kind: 'domain',
      value: '@Fabrikam.test',
      group_id: 1,
      role_id: roleId,
    });
    expect(mapped.body.statusCode).toBe(1);
    const retried = await microsoftSignIn(server, idp, { email, tenantId: FABRIKAM_TENANT });
    expect(retried.answer.body.statusCode).toBe(1);
  });

  it('refuses an id token meant for another client and an expired one (checked by the client library)', async () => {
    try {
      idp.tamper((claims) => ({ ...claims, aud: 'another-app' }));
      const wrongAudience = await microsoftSignIn(server, idp, { email: 'carol@contoso.test' });
      expect([wrongAudience.answer.status, wrongAudience.answer.body.msg]).toEqual([
        401,
        MICROSOFT_MSG.failed,
      ]);
      const now = Math.floor(Date.now() / 1000);
      idp.tamper((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
      const expired = await microsoftSignIn(server, idp, { email: 'carol@contoso.test' });
      expect([expired.answer.status, expired.answer.body.msg]).toEqual([401, MICROSOFT_MSG.failed]);
      expect((await expired.client.post('selectGroup', { group_id: 1 })).status).toBe(401);
    } finally {
      idp.tamper(null);
    }
    expect(await users('carol@contoso.test')).toEqual([]);
  });

  it('refuses a replayed callback, in the same browser or another', async () => {
    const { client, answer, query } = await microsoftSignIn(server, idp, { email: 'dave@contoso.test' });
    expect(answer.body.statusCode).toBe(1);
    const replayed = await client.get(`azure/token?${query}`);
    expect([replayed.status, replayed.body.msg]).toEqual([401, MICROSOFT_MSG.expired]);
    const elsewhere = await new ApiClient(server.url).get(`azure/token?${query}`);
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([401, MICROSOFT_MSG.expired]);
  });

  it("ends a blocked user's sessions and refuses their next Microsoft sign-in", async () => {
    const email = 'erin@contoso.test';
    const { client } = await microsoftSignIn(server, idp, { email });
    expect((await client.post('selectGroup', { group_id: 1 })).body.statusCode).toBe(1);
    const [erin] = await users(email);
    const admin = await signIn(server);
    const blocked = await admin.post('user/changeUserStatus', { user_id: erin!.id, status: 'blocked' });
    expect(blocked.body.statusCode).toBe(1);
    expect((await client.get('auth/activity')).status).toBe(401);
    const again = await microsoftSignIn(server, idp, { email });
    expect([again.answer.status, again.answer.body.msg]).toEqual([403, MSG.blocked]);
  });
});
