import { PgBoss, type JobInsert, type Request, type SendOptions } from 'pg-boss';
import { currentRequestId, withRequestId } from '../http/requestIds.js';

/** Where job lines go: the app's pino logger once the app is built (startServer.ts), else nowhere. */
export interface JobLog {
  child(bindings: Record<string, unknown>): JobLog;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SILENT: JobLog = { child: () => SILENT, info: () => undefined, error: () => undefined };

/** The key a job's data carries its request's id under (its name in the logs is Fastify's `reqId`). */
export const REQUEST_ID_KEY = 'requestId';

type Handler = (...args: unknown[]) => unknown;

/**
 * pg-boss whose jobs remember the request that sent them: send/sendAfter/insert add the current
 * request's id to the job's data, and every worker runs its job in that request's scope (a job it
 * sends carries the id on) and logs its start and end with the id as `reqId`, so an operator can
 * follow one request from its access line into its jobs (docs/operations.md).
 */
export class RequestTracingBoss extends PgBoss {
  log: JobLog = SILENT;

  override send(request: Request): Promise<string | null>;
  override send(name: string, data?: object | null, options?: SendOptions): Promise<string | null>;
  override send(
    nameOrRequest: string | Request,
    data?: object | null,
    options?: SendOptions,
  ): Promise<string | null> {
    if (typeof nameOrRequest !== 'string')
      return super.send({ ...nameOrRequest, data: tagged(nameOrRequest.data) ?? undefined });
    return super.send(nameOrRequest, tagged(data), options);
  }

  override sendAfter(
    name: string,
    data: object | null,
    options: SendOptions | null,
    after: Date | string | number,
  ): Promise<string | null> {
    return super.sendAfter(name, tagged(data) ?? null, options, after as Date);
  }

  override insert(name: string, jobs: JobInsert[], options?: Parameters<PgBoss['insert']>[2]) {
    return super.insert(
      name,
      jobs.map((job) => ({ ...job, data: tagged(job.data) ?? undefined })),
      options,
    );
  }

  // Every overload of work() ends with its handler: wrap that, pass the rest through.
  override work(name: string, ...rest: unknown[]): Promise<string> {
    const handler = rest.pop() as Handler;
    const traced: Handler = (...args) => this.runTraced(name, args[0], () => handler(...args));
    const work = super.work.bind(this) as (...args: unknown[]) => Promise<string>;
    return work(name, ...rest, traced);
  }

  private async runTraced(queue: string, batch: unknown, run: () => unknown): Promise<unknown> {
    const jobs = (Array.isArray(batch) ? batch : []) as { id: string; data?: unknown; retryCount?: number }[];
    const ids = [...new Set(jobs.map((job) => requestIdIn(job.data)))];
    const requestId = ids.length === 1 ? ids[0] : undefined;
    const log = this.log.child({
      ...(requestId ? { reqId: requestId } : {}),
      queue,
      jobId: jobs.length === 1 ? jobs[0]!.id : jobs.map((job) => job.id),
      ...(jobs[0]?.retryCount ? { retryCount: jobs[0].retryCount } : {}),
    });
    const started = performance.now();
    log.info({}, 'job started');
    try {
      const result = await withRequestId(requestId, run);
      log.info({ responseTime: Math.round(performance.now() - started) }, 'job completed');
      return result;
    } catch (error) {
      // The message only: a job's data or a stack may carry what a log must not (logSecrets.test.ts).
      const message = error instanceof Error ? error.message : String(error);
      log.error({ responseTime: Math.round(performance.now() - started), error: message }, 'job failed');
      throw error;
    }
  }
}

function tagged(data: object | null | undefined): object | null | undefined {
  const requestId = currentRequestId();
  if (!requestId || Array.isArray(data)) return data;
  if (data && REQUEST_ID_KEY in data) return data;
  return { ...data, [REQUEST_ID_KEY]: requestId };
}

function requestIdIn(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const id = (data as Record<string, unknown>)[REQUEST_ID_KEY];
  return typeof id === 'string' ? id : undefined;
}
