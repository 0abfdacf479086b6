import { open } from 'node:fs/promises';
import { BadRequestError } from '../../../shared/errors.js';
import { EMPTY_FILE, INVALID_FILE, LEGACY_XLS } from './uploadMessages.js';

export type FileKind = 'csv' | 'xlsx';

/**
 * MIME types browsers and clients send per extension. A CSV saved by Excel on Windows goes out as
 * application/vnd.ms-excel; octet-stream is what a client says when it does not know.
 */
const MIME_BY_EXTENSION: Readonly<Record<string, readonly string[]>> = {
  '.csv': [
    'text/csv',
    'application/csv',
    'text/plain',
    'application/vnd.ms-excel',
    'application/octet-stream',
  ],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream'],
  '.xls': ['application/vnd.ms-excel', 'application/octet-stream'],
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The declared checks that need no bytes: extension in the upload's list, MIME type of that extension. */
export function checkNameAndType(fileName: string, mimeType: string, accept: readonly string[]): string {
  const extension = extensionOf(fileName);
  const mime = mimeType.split(';')[0]!.trim().toLowerCase();
  if (!accept.includes(extension) || !MIME_BY_EXTENSION[extension]?.includes(mime)) {
    throw new BadRequestError(INVALID_FILE);
  }
  return extension;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (head: Buffer, magic: readonly number[]): boolean => magic.every((b, i) => head[i] === b);

/**
 * What the bytes are, whatever the name says: an .xlsx is a zip, an .xls an OLE2 compound file
 * (refused with a message asking for .xlsx), a CSV is text without NUL bytes. A renamed binary
 * (an image called .csv, a PDF called .xlsx) is an 'Invalid File'.
 */
export async function sniffFile(path: string, extension: string, size: number): Promise<FileKind> {
  if (size === 0) throw new BadRequestError(EMPTY_FILE);
  const handle = await open(path, 'r');
  const head = Buffer.alloc(Math.min(size, 8192));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (extension === '.xls') throw new BadRequestError(startsWith(head, OLE2) ? LEGACY_XLS : INVALID_FILE);
  if (extension === '.xlsx') {
    if (!startsWith(head, ZIP)) throw new BadRequestError(INVALID_FILE);
    return 'xlsx';
  }
  if (head.includes(0) || startsWith(head, ZIP) || startsWith(head, OLE2))
    throw new BadRequestError(INVALID_FILE);
  return 'csv';
}
