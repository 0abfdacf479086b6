/**
 * The bench's HTTP client, run as its own process (like a browser, it does not share the
 * server's event loop). A minimal HTTP/1.1 client in the manner of wrk: one keep-alive TCP
 * connection, a request written in one go, the answer framed by its Content-Length; timed from
 * the write to the last byte. Node's http client adds ~0.15 ms of its own per call on this
 * machine, which the latency ratio would otherwise charge to the server. Driven by httpClient.ts.
 */
import net from 'node:net';
import type { ClientReply, ClientRequest } from './httpClient.js';

type GetRequest = Extract<ClientRequest, { kind: 'get' }>;

interface Pending {
  id: number;
  started: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

class KeepAliveConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  private readonly queue: GetRequest[] = [];

  send(req: GetRequest): void {
    this.queue.push(req);
    if (!this.pending) this.next();
  }

  close(): void {
    this.socket?.destroy();
  }

  private connect(url: URL): net.Socket {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error.message));
    socket.on('close', () => {
      this.socket = null;
      if (this.pending) this.fail('connection closed');
    });
    return socket;
  }

  private next(): void {
    const req = this.queue.shift();
    if (!req) return;
    const url = new URL(req.url);
    this.socket ??= this.connect(url);
    this.buffer = Buffer.alloc(0);
    const head = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${req.cookie}\r\nAccept: application/json\r\nConnection: keep-alive\r\n\r\n`;
    this.pending = { id: req.id, started: performance.now() };
    this.socket.write(head);
  }

  private onData(chunk: Buffer): void {
    if (!this.pending) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headerEnd = this.buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.fail(`answer without Content-Length: ${head.split('\r\n')[0]}`);
    const bodyStart = headerEnd + HEADER_END.length;
    if (this.buffer.length < bodyStart + Number(length[1])) return;
    const ms = performance.now() - this.pending.started;
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    const body = this.buffer.subarray(bodyStart, bodyStart + Number(length[1])).toString('utf8');
    this.reply({ id: this.pending.id, ms, status, ...readEnvelope(body) });
  }

  private fail(msg: string): void {
    if (this.pending) this.reply({ id: this.pending.id, ms: NaN, status: 0, statusCode: -1, msg, rows: -1 });
  }

  private reply(reply: ClientReply): void {
    this.pending = null;
    process.send!(reply);
    this.next();
  }
}

function readEnvelope(text: string): Pick<ClientReply, 'statusCode' | 'msg' | 'rows'> {
  try {
    const body = JSON.parse(text) as { statusCode: number; msg: string; data?: { rows?: unknown[] } };
    return { statusCode: body.statusCode, msg: body.msg, rows: body.data?.rows?.length ?? 0 };
  } catch {
    return { statusCode: -1, msg: text.slice(0, 200), rows: -1 };
  }
}

const connection = new KeepAliveConnection();
process.on('message', (message: ClientRequest) => {
  if (message.kind === 'close') {
    connection.close();
    process.disconnect?.();
    return;
  }
  connection.send(message);
});
