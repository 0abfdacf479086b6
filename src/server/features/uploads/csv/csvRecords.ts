import { BadRequestError } from '../../../../shared/errors.js';
import { INVALID_FILE } from '../uploadMessages.js';

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * CSV text to records, fed in pieces (RFC 4180; the records csv-parse gave with
 * `relax_column_count`, which this replaced for speed, docs/uploads.md "CSV speed"):
 * - fields split on `,`; a field that starts with `"` is quoted: `""` in it is a quote, and
 *   commas and line breaks in it are text;
 * - the record delimiter is the first line break outside quotes: `\r\n`, `\n` or `\r`; after
 *   that only it ends a record (a lone `\r` in a `\n` file is text, as csv-parse had it);
 * - an empty line is a record of one empty field (the caller skips it, keeping row numbers);
 * - a quote inside an unquoted field, text after a closing quote, or a quote left open at the
 *   end is a malformed file: 'Invalid File' (400).
 *
 * A line without a quote, nearly every line of a data file, is one `indexOf` and one `split`.
 * Records are taken a few at a time (`read`), so few are alive at once: the garbage collector
 * copies live young objects, and a megabyte of parsed rows held at once cost it more than the
 * parsing. A record cut by the end of a piece waits for the next piece; it is retried only once
 * the text held has doubled, so a long quoted field costs linear time, not quadratic.
 */
export class CsvRecords {
  private text = '';
  private pos = 0;
  /** The next quote at or after pos (-1: none in the text), looked up again once pos passed it. */
  private quote = -1;
  private pieces: string[] = [];
  private pending = 0;
  private retryAt = 0;
  private last = false;
  private eol: '\n' | '\r\n' | '\r' | null = null;

  /** Adds decoded text; `last`: no more text comes. */
  feed(piece: string, last = false): void {
    if (piece.length > 0) {
      this.pieces.push(piece);
      this.pending += piece.length;
    }
    this.last ||= last;
  }

  /**
   * Appends up to `max` complete records to `out` and returns how many; fewer than `max`
   * means the text fed so far holds no more (all of it, once the last piece was fed).
   */
  read(out: string[][], max: number): number {
    if (this.pending > 0 && (this.last || this.text.length - this.pos + this.pending >= this.retryAt)) {
      const rest = this.pos === 0 ? this.text : this.text.slice(this.pos);
      this.text = rest + (this.pieces.length === 1 ? this.pieces[0] : this.pieces.join(''));
      this.pieces = [];
      this.pending = 0;
      this.pos = 0;
      this.quote = this.text.indexOf('"');
    } else if (this.pending > 0) return 0;
    const { text, last } = this;
    const end = text.length;
    let pos = this.pos;
    let quote = this.quote;
    let count = 0;
    while (count < max && pos < end) {
      const eol = this.eol;
      if (eol !== null) {
        if (quote >= 0 && quote < pos) quote = text.indexOf('"', pos);
        const nl = text.indexOf(eol, pos);
        const stop = nl < 0 ? end : nl;
        if (quote < 0 || quote >= stop) {
          if (nl < 0 && !last) break;
          out.push(text.slice(pos, stop).split(','));
          count++;
          pos = nl < 0 ? end : nl + eol.length;
          continue;
        }
      }
      const next = this.record(text, pos, last, out);
      if (next < 0) break;
      count++;
      pos = next;
    }
    this.pos = pos;
    this.quote = quote;
    // Stopped inside a record: try again once the text held has doubled (linear on long fields).
    this.retryAt = count < max && !last ? (end - pos) * 2 : 0;
    return count;
  }

  /**
   * Parses one record from `start` char by char (quotes, or the line break not known yet);
   * returns where the next record starts, or -1 when the text ends inside it (more is to come).
   */
  private record(text: string, start: number, last: boolean, out: string[][]): number {
    const end = text.length;
    const fields: string[] = [];
    let pos = start;
    for (;;) {
      let value: string;
      if (pos < end && text.charCodeAt(pos) === QUOTE) {
        // A quoted field: up to the quote not followed by another quote.
        let parts = '';
        let from = pos + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) {
            if (last) throw new BadRequestError(INVALID_FILE);
            return -1;
          }
          if (q + 1 < end && text.charCodeAt(q + 1) === QUOTE) {
            parts += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          if (q + 1 >= end && !last) return -1;
          value = parts + text.slice(from, q);
          pos = q + 1;
          break;
        }
        if (pos < end) {
          const c = text.charCodeAt(pos);
          if (c !== COMMA && !this.isEol(text, pos)) {
            // A '\r' that ends the text may be the start of the '\r\n' after the quote.
            if (c === CR && pos + 1 >= end && !last) return -1;
            throw new BadRequestError(INVALID_FILE);
          }
        }
      } else {
        let p = pos;
        for (; p < end; p++) {
          const c = text.charCodeAt(p);
          if (c === COMMA) break;
          if (c === QUOTE) throw new BadRequestError(INVALID_FILE);
          if ((c === LF || c === CR) && this.isEol(text, p)) break;
        }
        value = text.slice(pos, p);
        pos = p;
      }
      fields.push(value);
      if (pos >= end) {
        if (!last) return -1;
        out.push(fields);
        return end;
      }
      if (text.charCodeAt(pos) === COMMA) {
        pos++;
        continue;
      }
      // A line break: the first one names the file's record delimiter.
      if (this.eol === null) {
        if (text.charCodeAt(pos) === LF) this.eol = '\n';
        else if (pos + 1 < end) this.eol = text.charCodeAt(pos + 1) === LF ? '\r\n' : '\r';
        else if (last) this.eol = '\r';
        else return -1;
      }
      out.push(fields);
      return pos + this.eol.length;
    }
  }

  /** Whether a record delimiter starts at `pos` (any line break while none is known yet). */
  private isEol(text: string, pos: number): boolean {
    const eol = this.eol;
    if (eol === null) {
      const c = text.charCodeAt(pos);
      return c === LF || c === CR;
    }
    if (eol === '\n') return text.charCodeAt(pos) === LF;
    if (eol === '\r') return text.charCodeAt(pos) === CR;
    return text.charCodeAt(pos) === CR && text.charCodeAt(pos + 1) === LF;
  }
}
