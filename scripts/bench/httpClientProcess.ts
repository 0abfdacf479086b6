/**
 * The bench's HTTP client, run as its own process (like a browser, it does not share the
 * server's event loop). Keep-alive `node:http`; a request is timed from send to the last byte of
 * the answer, the way load tools such as wrk time it. Driven over IPC by httpClient.ts.
 */
import http from 'node:http';
import type { ClientReply, ClientRequest } from './httpClient.js';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function readEnvelope(text: string): Pick<ClientReply, 'statusCode' | 'msg' | 'rows'> {
  try {
    const body = JSON.parse(text) as { statusCode: number; msg: string; data?: { rows?: unknown[] } };
    return { statusCode: body.statusCode, msg: body.msg, rows: body.data?.rows?.length ?? 0 };
  } catch {
    return { statusCode: -1, msg: text.slice(0, 200), rows: -1 };
  }
}

function get(req: Extract<ClientRequest, { kind: 'get' }>): Promise<ClientReply> {
  return new Promise((resolve) => {
    const started = performance.now();
    const outgoing = http.get(req.url, { agent, headers: { cookie: req.cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const status = res.statusCode ?? 0;
        resolve({ id: req.id, ms, status, ...readEnvelope(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    outgoing.on('error', (error) =>
      resolve({ id: req.id, ms: NaN, status: 0, statusCode: -1, msg: error.message, rows: -1 }),
    );
  });
}

process.on('message', (message: ClientRequest) => {
  if (message.kind === 'close') {
    agent.destroy();
    process.disconnect?.();
    return;
  }
  void get(message).then((reply) => process.send!(reply));
});
