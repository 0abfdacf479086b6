import ExcelJS from 'exceljs';
import type { ApiClient } from './apiClient.js';
import { fetchBuffered, type BufferedResponse } from './fetchBuffered.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CHANNEL_SALES = 'uploads/sales/channelsales/sales';

export interface UploadAnswer {
  status: number;
  body: {
    statusCode: number;
    msg: string;
    data?: Record<string, unknown> & { errors?: unknown[]; runId?: number };
  };
}

/** Posts one file as multipart/form-data, as the browser's upload widget does (cookies, CSRF header). */
export async function uploadFile(
  client: ApiClient,
  route: string,
  file: { name: string; type: string; bytes: Uint8Array | Buffer },
): Promise<UploadAnswer> {
  if (!client.cookie('csrf')) await client.get('processmonitor/sessionvalidity');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetchBuffered(`${client.baseUrl}/api/v1/${route}`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.cookie('csrf') ?? '' },
    body: form,
  });
  return { status: response.status, body: response.json() };
}

/** An xlsx of one sheet: the header row, then the rows. */
export async function xlsxOf(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of the first sheet of an xlsx download (header first), as plain values. */
export async function sheetRows(response: BufferedResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(response.bytes) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export const SALES_HEADER = ['Channel', 'Sale Date', 'SKU Code', 'Units', 'Revenue'] as const;
