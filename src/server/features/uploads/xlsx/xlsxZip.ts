import { pipeline, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { BadRequestError } from '../../../../shared/errors.js';
import { INVALID_FILE, zipBomb } from '../uploadMessages.js';
import { MAX_UNZIPPED_MB } from '../uploadLimits.js';

const INFLATE_CHUNK = 256 * 1024;
/**
 * Inflated bytes the zlib stream may hold ahead of the reader: inflating runs on libuv's thread
 * pool, so with a few pieces of room it inflates the next ones while the sheet is scanned (with
 * the default 16 KB it stopped after each piece until the scanner took it).
 */
const INFLATE_AHEAD = 4 * INFLATE_CHUNK;

/**
 * An xlsx's zip, read through its central directory: any part can be opened in any order (the
 * workbook, its strings and styles before the sheet, wherever the writer stored them), and
 * nothing is unzipped to disk or held whole.
 */
export class XlsxZip {
  private unzipped = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: ReadonlyMap<string, yauzl.Entry>,
    /** Bytes all parts may inflate to, counted as they are read (zipGuard checked the declared sizes). */
    private readonly unzipLimit: number,
  ) {}

  static async open(path: string, unzipLimit: number): Promise<XlsxZip> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
    } catch {
      throw new BadRequestError(INVALID_FILE);
    }
    const entries = new Map<string, yauzl.Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
          entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', () => reject(new BadRequestError(INVALID_FILE)));
        zip.readEntry();
      });
    } catch (e) {
      zip.close();
      throw e;
    }
    return new XlsxZip(zip, entries, unzipLimit);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The names of the parts, in the zip's order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * A part's bytes in chunks (UTF-8 text, split anywhere: XmlScanner joins them). yauzl checks each part
   * against its declared size, and every byte counts against the unzip limit, so a zip that
   * lies about its sizes is stopped as it inflates.
   */
  async *bytes(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) return;
    const stream = await this.open(entry);
    let partBytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        partBytes += chunk.length;
        this.unzipped += chunk.length;
        if (this.unzipped > this.unzipLimit) throw new BadRequestError(zipBomb(MAX_UNZIPPED_MB));
        if (partBytes > entry.uncompressedSize) throw new BadRequestError(INVALID_FILE);
        yield chunk;
      }
    } catch (e) {
      if (e instanceof BadRequestError) throw e;
      // A corrupt deflate stream, a bad CRC or a part longer than declared.
      throw new BadRequestError(INVALID_FILE);
    } finally {
      stream.destroy();
    }
  }

  /**
   * The part's inflated bytes. yauzl inflates in 16 KB pieces; a sheet inflated in 256 KB pieces
   * costs about half the CPU (measured on a 24 MB sheet), so deflated parts are inflated here.
   */
  private async open(entry: yauzl.Entry): Promise<Readable> {
    try {
      if (entry.compressionMethod === 0) return await this.zip.openReadStreamPromise(entry);
      if (entry.compressionMethod !== 8) throw new BadRequestError(INVALID_FILE);
      const raw = await this.zip.openReadStreamPromise(entry, { decompress: false });
      const options = { chunkSize: INFLATE_CHUNK, readableHighWaterMark: INFLATE_AHEAD };
      return pipeline(raw, createInflateRaw(options), () => undefined);
    } catch {
      throw new BadRequestError(INVALID_FILE);
    }
  }

  /** A small part whole (workbook, relationships), bounded by `maxBytes`. */
  async whole(name: string, maxBytes: number): Promise<string | null> {
    if (!this.entries.has(name)) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.bytes(name)) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) throw new BadRequestError(INVALID_FILE);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  close(): void {
    this.zip.close();
  }
}
