import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { DataRequest, QueryContext } from '../../language/query/dataRequest.js';
import { streamScreenQuery } from '../../language/query/streamScreenQuery.js';
import { exportColumns } from './exportColumns.js';
import type { Gate } from '../../platform/http/gate.js';
import { writeXlsx } from './xlsxExport.js';
import { writeCsv } from './csvExport.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportCall {
  ctx: QueryContext;
  request: DataRequest;
  groupId: number;
  fileName: string;
  /** xlsx (default) or csv, the same rows and columns. */
  format?: 'xlsx' | 'csv';
}

/**
 * Streams a screen query's rows as an xlsx download, holding a slot of `queue` until the last
 * byte is handed over. The first batch is read before the headers go out, so a failing query
 * still answers with the error envelope; a failure later can only cut the download short.
 * Resolves with `reply`, which the async route must return (as with rowsDownload.ts).
 */
export async function sendExport(
  warehouse: Warehouse,
  queue: Gate,
  call: ExportCall,
  reply: FastifyReply,
): Promise<FastifyReply> {
  await queue.run(async () => {
    const batches = streamScreenQuery(warehouse, call.ctx, call.request, call.groupId)[
      Symbol.asyncIterator
    ]();
    const first = await batches.next();
    const body = new PassThrough();
    void reply
      .header('content-type', call.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${call.fileName}"`)
      .send(body);
    try {
      const rows = resume(first, batches);
      if (call.format === 'csv') await writeCsv(exportColumns(call.ctx), rows, body);
      else await writeXlsx(call.ctx.screen.title, exportColumns(call.ctx), rows, body);
    } catch (error) {
      reply.log.warn({ err: error }, 'export stopped');
      body.destroy(error as Error);
    }
  });
  return reply;
}

/** The stream again, starting with the batch already read. */
async function* resume<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
