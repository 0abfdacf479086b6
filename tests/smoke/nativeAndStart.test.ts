/**
 * The short check of a second Node line (.ci/run runs it on Node 22; the whole suite runs on
 * Node 24): the native bindings load and work there, and the server starts and answers.
 * `npx vitest run --project smoke`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/platform/settings/env.js';
import { startServer } from '../../src/server/startServer.js';

describe(`native bindings and the server's start on Node ${process.versions.node}`, () => {
  it('DuckDB runs a query', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll('select 6 * 7 as answer');
    expect(reader.getRowObjects()).toEqual([{ answer: 42 }]);
    connection.closeSync();
  });

  it('argon2 hashes and verifies', async () => {
    const hash = await argon2.hash('Demo@2026!', { type: argon2.argon2id });
    expect(await argon2.verify(hash, 'Demo@2026!')).toBe(true);
    expect(await argon2.verify(hash, 'wrong')).toBe(false);
  });

  it('the server starts on PGlite (store) and DuckDB (warehouse) and answers over HTTP', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-smoke-'));
    // No demo tenant: the start itself (PGlite's migrations, DuckDB's tables, routes) is what is checked;
    // PGlite's own start is most of this test's time, so it is not started a second time alone.
    const env = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    });
    const server = await startServer(env, { watchConfig: false, logger: false });
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/api/v1/processmonitor/sessionvalidity`);
      // No session: the spec's 401 envelope, from the real route.
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { msg: string }).msg).toBe('unauthorized user');
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
