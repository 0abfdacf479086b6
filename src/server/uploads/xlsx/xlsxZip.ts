import { StringDecoder } from 'node:string_decoder';
import { pipeline, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { BadRequestError } from '../../../shared/errors.js';
import { INVALID_FILE, zipBomb } from '../uploadMessages.js';
import { MAX_UNZIPPED_MB } from '../uploadLimits.js';

const INFLATE_CHUNK = 256 * 1024;

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
   * A part's text in chunks (UTF-8, split on character boundaries). yauzl checks each part
   * against its declared size, and every byte counts against the unzip limit, so a zip that
   * lies about its sizes is stopped as it inflates.
   */
  async *text(name: string): AsyncGenerator<string> {
    const entry = this.entries.get(name);
    if (!entry) return;
    const decoder = new StringDecoder('utf8');
    const stream = await this.open(entry);
    let partBytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        partBytes += chunk.length;
        this.unzipped += chunk.length;
        if (this.unzipped > this.unzipLimit) throw new BadRequestError(zipBomb(MAX_UNZIPPED_MB));
        if (partBytes > entry.uncompressedSize) throw new BadRequestError(INVALID_FILE);
        yield decoder.write(chunk);
      }
    } catch (e) {
      if (e instanceof BadRequestError) throw e;
      // A corrupt deflate stream, a bad CRC or a part longer than declared.
      throw new BadRequestError(INVALID_FILE);
    } finally {
      stream.destroy();
    }
    const tail = decoder.end();
    if (tail.length > 0) yield tail;
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
      return pipeline(raw, createInflateRaw({ chunkSize: INFLATE_CHUNK }), () => undefined);
    } catch {
      throw new BadRequestError(INVALID_FILE);
    }
  }

  /** A small part whole (workbook, relationships), bounded by `maxBytes`. */
  async whole(name: string, maxBytes: number): Promise<string | null> {
    if (!this.entries.has(name)) return null;
    let text = '';
    for await (const chunk of this.text(name)) {
      text += chunk;
      if (text.length > maxBytes) throw new BadRequestError(INVALID_FILE);
    }
    return text;
  }

  close(): void {
    this.zip.close();
  }
}
