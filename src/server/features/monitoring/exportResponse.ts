import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { DataRequest, QueryContext } from '../../language/query/dataRequest.js';
import { streamScreenQuery } from '../../language/query/streamScreenQuery.js';
import { exportColumns } from './exportColumns.js';
import type { Gate } from '../../platform/http/gate.js';
import { writeXlsx } from './xlsxExport.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportCall {
  ctx: QueryContext;
  request: DataRequest;
  groupId: number;
  fileName: string;
}

/**
 * Streams a screen query's rows as an xlsx download, holding a slot of `queue` until the last
 * byte is handed over. The first batch is read before the headers go out, so a failing query
 * still answers with the error envelope; a failure later can only cut the download short.
 */
export async function sendExport(
  warehouse: Warehouse,
  queue: Gate,
  call: ExportCall,
  reply: FastifyReply,
): Promise<void> {
  await queue.run(async () => {
    const batches = streamScreenQuery(warehouse, call.ctx, call.request, call.groupId)[
      Symbol.asyncIterator
    ]();
    const first = await batches.next();
    const body = new PassThrough();
    void reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${call.fileName}"`)
      .send(body);
    try {
      await writeXlsx(call.ctx.screen.title, exportColumns(call.ctx), resume(first, batches), body);
    } catch (error) {
      reply.log.warn({ err: error }, 'export stopped');
      body.destroy(error as Error);
    }
  });
}

/** The stream again, starting with the batch already read. */
async function* resume<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
