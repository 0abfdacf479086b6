import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azureDelivery } from './azureDelivery.js';

// The well-known development storage key (Azurite's), not a secret.
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

let server: Server;
let port: number;
const hosts: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    res.writeHead(403).end(); // not retried by the SDK: one request, a quick failure
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('azure delivery', () => {
  it('connects to the address the policy checked, never to a second resolution of the name', async () => {
    // The name does not resolve at all: a request arriving proves the connection used the pinned address.
    const secret = `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${KEY};BlobEndpoint=http://blob.shelfscope.invalid:${port}/devstoreaccount1;`;
    const dir = mkdtempSync(path.join(tmpdir(), 'azure-pin-'));
    writeFileSync(path.join(dir, 'r.csv'), 'a\n1\n');
    const attempt = azureDelivery(
      { container: 'reports' },
      secret,
      { localPath: path.join(dir, 'r.csv'), remoteName: 'r.csv', rows: 1 },
      { address: '127.0.0.1', connectTimeoutMs: 2000, signal: AbortSignal.timeout(20_000) },
    );
    await expect(attempt).rejects.toThrow();
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts[0]).toBe(`blob.shelfscope.invalid:${port}`);
  }, 30_000);
});
