import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { BadRequestError } from '../../../shared/errors.js';
import { writeCsv } from './csvExport.js';
import { writeXlsx, type ExportColumn } from './xlsxExport.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOWNLOAD_FORMATS = ['xlsx', 'csv'] as const;
type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The answer of a download route, for /api/docs: the file itself. */
export const downloadAnswer = {
  200: { type: 'string', format: 'binary', description: 'The rows as an xlsx or CSV file' },
} as const;

/** `format` of a download request: xlsx when absent, 400 for anything but xlsx or csv. */
export function downloadFormat(value: unknown): DownloadFormat {
  if (value === undefined || value === '') return 'xlsx';
  if (value === 'xlsx' || value === 'csv') return value;
  throw new BadRequestError('format must be xlsx or csv');
}

/**
 * A grid that is not a screen query (a feature's own rows, already in memory and bounded) as an
 * xlsx or CSV download: the same writers, formula escaping and header as the export jobs' files.
 * It resolves with `reply`, which the async route must return: a route that resolved with nothing
 * while the stream's send was still in its hooks had Fastify send an empty 200 instead.
 */
export async function sendRowsDownload(
  reply: FastifyReply,
  file: {
    format: DownloadFormat;
    /** Without the extension. */
    name: string;
    sheet: string;
    columns: ExportColumn[];
    rows: readonly Record<string, unknown>[];
  },
): Promise<FastifyReply> {
  const body = new PassThrough();
  void reply
    .header('content-type', file.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${file.name}.${file.format}"`)
    .send(body);
  // One batch: the rows are in memory already (the writers take batches as they arrive).
  const batches: AsyncIterable<Record<string, unknown>[]> = Readable.from([[...file.rows]]);
  try {
    if (file.format === 'csv') await writeCsv(file.columns, batches, body);
    else await writeXlsx(file.sheet, file.columns, batches, body);
  } catch (error) {
    reply.log.warn({ err: error }, 'download stopped');
    body.destroy(error as Error);
  }
  return reply;
}
