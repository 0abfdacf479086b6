/** Parent side of httpClientProcess.ts: a GET there, its time measured there. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ClientRequest = { kind: 'get'; id: number; url: string; cookie: string } | { kind: 'close' };

export interface ClientReply {
  id: number;
  /** Send to last byte, measured in the client process. */
  ms: number;
  status: number;
  /** The envelope's statusCode (1 = success), -1 when the body is not JSON. */
  statusCode: number;
  msg: string;
  rows: number;
}

export class BenchHttpClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: ClientReply) => void>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {
    child.on('message', (reply: ClientReply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  static start(baseUrl: string, cookie: string): BenchHttpClient {
    const script = fileURLToPath(new URL('./httpClientProcess.ts', import.meta.url));
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    return new BenchHttpClient(child, baseUrl, cookie);
  }

  get(endpoint: string, params: Record<string, string>): Promise<ClientReply> {
    const id = this.nextId++;
    const query = new URLSearchParams(params).toString();
    const url = `${this.baseUrl}/api/v1/${endpoint}${query ? `?${query}` : ''}`;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ kind: 'get', id, url, cookie: this.cookie } satisfies ClientRequest);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ kind: 'close' } satisfies ClientRequest);
    });
  }
}
