import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendRowsDownload } from './rowsDownload.js';

describe('sendRowsDownload', () => {
  it('a route that returns it sends the whole file, even when an onSend hook is slower than the writer', async () => {
    const app = Fastify();
    // The hook holds the file's send while the in-memory rows are already written. A route that
    // resolved with nothing meanwhile had Fastify send again, with no payload: an empty 200 won
    // the race (trackingScreens.test.ts, once, on PostgreSQL).
    app.addHook('onSend', async (_request, _reply, payload) => {
      if (payload instanceof Readable) await sleep(30);
      return payload;
    });
    app.get('/file', async (_request, reply) =>
      sendRowsDownload(reply, {
        format: 'csv',
        name: 'rows',
        sheet: 'Rows',
        columns: [{ field: 'name', header: 'Name' }],
        rows: [{ name: 'a' }, { name: 'b' }],
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.statusCode).toBe(200);
    expect(response.body.replace(/^\uFEFF/, '')).toBe('Name\r\na\r\nb\r\n');
    await app.close();
  });
});
