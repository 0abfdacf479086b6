/**
 * The test provider's fixed registration (tests/support/entraLikeProvider.ts): what a server's
 * OIDC_* settings name before the provider starts (the end-to-end servers start first).
 */
export const TEST_TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const TEST_CLIENT_ID = '3f4e6c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6';
export const TEST_CLIENT_SECRET = 'test-client-secret-not-a-real-one';

/** The issuer of a provider on `port`, shaped like Entra ID's: the tenant id in its path. */
export function testIssuer(port: number, tenantId = TEST_TENANT_ID): string {
  return `http://127.0.0.1:${port}/${tenantId}/v2.0`;
}
