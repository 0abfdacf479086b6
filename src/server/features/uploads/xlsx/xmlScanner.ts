/** Malformed XML (or a token longer than the scanner keeps): the caller answers 'Invalid File'. */
export class XmlError extends Error {}

/**
 * What a scanner reports. Elements are known by their index in the scanner's `names` (local
 * names, any namespace prefix dropped), -1 for every other element. Attributes and text are
 * handed over as ranges of `src`, so the many a sheet has that nobody reads cost no string.
 */
export interface XmlHandler {
  open(id: number, src: string, attrFrom: number, attrTo: number): void;
  close(id: number): void;
  /** Text between tags, entities not yet decoded (`cdata`: a CDATA section, taken as is). */
  text(src: string, from: number, to: number, cdata: boolean): void;
}

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const DQUOTE = 34;
const SQUOTE = 39;
const COLON = 58;
const EMPTY = Buffer.alloc(0);

/**
 * A part's UTF-8 bytes fed in chunks of any size to a scan over text. The unfinished tail of
 * each scan is kept as bytes and decoded again with the next chunk, so every scan runs over one
 * flat string: V8 reads a string made by `+` (a cons string) several times slower, which was
 * most of a sheet's scan time.
 */
export abstract class ChunkedXml {
  private rest: Buffer = EMPTY;

  constructor(
    /**
     * Longest token (tag, comment or text run) kept across chunks; a longer one is refused. A
     * cell holds at most 32,767 characters (a few times that with entities): 1 MB is ample.
     */
    private readonly maxToken = 1024 * 1024,
  ) {}

  /** Scans the next bytes of the part. */
  write(chunk: Buffer): void {
    const bytes = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    // A character split at the end decodes to U+FFFD, inside the unfinished tail that is kept.
    const s = bytes.toString('utf8');
    const done = this.scan(s, false);
    const tailBytes = done === s.length ? 0 : bytes.length - Buffer.byteLength(s.slice(0, done));
    this.rest = tailBytes === 0 ? EMPTY : Buffer.from(bytes.subarray(bytes.length - tailBytes));
    if (this.rest.length > this.maxToken) throw new XmlError('XML token too long');
  }

  end(): void {
    if (this.rest.length > 0) this.scan(this.rest.toString('utf8'), true);
    this.rest = EMPTY;
  }

  /** Scans a whole part already in memory. */
  scanAll(text: string): void {
    this.scan(text, true);
  }

  /**
   * Reports every complete token of `s` and returns where the incomplete tail starts (`final`:
   * nothing follows, so an incomplete token is malformed XML).
   */
  protected abstract scan(s: string, final: boolean): number;

  protected incomplete(at: number, final: boolean): number {
    if (final) throw new XmlError('XML ends inside a tag');
    return at;
  }

  /**
   * At markup that is not an element (s[i] is '<', then '?' or '!'): skips a processing
   * instruction or a comment, hands a CDATA section's text to `sink` (cdata true), refuses a
   * DOCTYPE. Returns where the next token starts, or `i` while the markup's end is not in `s`.
   */
  protected skipMarkup(s: string, i: number, final: boolean, sink: Pick<XmlHandler, 'text'>): number {
    if (s.charCodeAt(i + 1) === QUESTION) {
      const end = s.indexOf('?>', i + 2);
      return end < 0 ? this.incomplete(i, final) : end + 2;
    }
    if (s.length - i < 9 && !final) return i;
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      return end < 0 ? this.incomplete(i, final) : end + 3;
    }
    if (s.startsWith('<![CDATA[', i)) {
      const end = s.indexOf(']]>', i + 9);
      if (end < 0) return this.incomplete(i, final);
      sink.text(s, i + 9, end, true);
      return end + 3;
    }
    throw new XmlError('DOCTYPE or unknown markup');
  }
}

/**
 * A forward-only XML tokenizer for the parts of an xlsx, fed text in chunks of any size. It is
 * not a validating parser: it reads the elements, attributes and text a sheet is made of, skips
 * comments and processing instructions, and refuses a DOCTYPE (no workbook part has one, and
 * entity definitions are how "billion laughs" files expand). About ten times faster than a
 * general SAX parser on a sheet. The sheet itself has a faster scanner of its own (sheetRows.ts).
 */
export class XmlScanner extends ChunkedXml {
  private readonly codes: readonly number[][];

  constructor(
    names: readonly string[],
    private readonly handler: XmlHandler,
    maxToken?: number,
  ) {
    super(maxToken);
    this.codes = names.map((n) => Array.from(n, (ch) => ch.charCodeAt(0)));
  }

  protected scan(s: string, final: boolean): number {
    const h = this.handler;
    const n = s.length;
    let i = 0;
    while (i < n) {
      if (s.charCodeAt(i) !== LT) {
        const lt = s.indexOf('<', i);
        if (lt < 0) {
          if (!final) return i;
          h.text(s, i, n, false);
          return n;
        }
        h.text(s, i, lt, false);
        i = lt;
        continue;
      }
      if (i + 1 >= n) return this.incomplete(i, final);
      const c1 = s.charCodeAt(i + 1);
      if (c1 === SLASH) {
        const gt = s.indexOf('>', i + 2);
        if (gt < 0) return this.incomplete(i, final);
        h.close(this.idOf(s, i + 2, trimEnd(s, i + 2, gt)));
        i = gt + 1;
      } else if (c1 === QUESTION || c1 === BANG) {
        const next = this.skipMarkup(s, i, final, h);
        if (next === i) return i;
        i = next;
      } else {
        // A start tag: its end is the first '>' outside a quoted attribute value.
        let j = i + 1;
        let nameEnd = -1;
        let quote = 0;
        for (; j < n; j++) {
          const c = s.charCodeAt(j);
          if (quote !== 0) {
            if (c === quote) quote = 0;
          } else if (c === GT) {
            break;
          } else if (c === DQUOTE || c === SQUOTE) {
            quote = c;
          } else if (nameEnd < 0 && (c <= 32 || c === SLASH)) {
            nameEnd = j;
          }
        }
        if (j >= n) return this.incomplete(i, final);
        const selfClosing = s.charCodeAt(j - 1) === SLASH;
        const attrTo = selfClosing ? j - 1 : j;
        if (nameEnd < 0 || nameEnd > attrTo) nameEnd = attrTo;
        const id = this.idOf(s, i + 1, nameEnd);
        h.open(id, s, nameEnd, attrTo);
        if (selfClosing) h.close(id);
        i = j + 1;
      }
    }
    return n;
  }

  /** The index of the element named in s[from, to) (prefix dropped) among `names`, or -1. */
  private idOf(s: string, from: number, to: number): number {
    let start = from;
    for (let k = from; k < to; k++) if (s.charCodeAt(k) === COLON) start = k + 1;
    const length = to - start;
    const codes = this.codes;
    // Compared code by code: String#startsWith per candidate was most of the scan's time.
    outer: for (let k = 0; k < codes.length; k++) {
      const name = codes[k]!;
      if (name.length !== length) continue;
      for (let c = 0; c < length; c++) if (s.charCodeAt(start + c) !== name[c]) continue outer;
      return k;
    }
    return -1;
  }
}

export function trimEnd(s: string, from: number, to: number): number {
  while (to > from && s.charCodeAt(to - 1) <= 32) to--;
  return to;
}

/**
 * Calls `each` with the name range and the raw value of every attribute in s[from, to). Values
 * are sliced, not decoded: `decodeXml` them when they may hold entities.
 */
export function eachAttribute(
  s: string,
  from: number,
  to: number,
  each: (nameFrom: number, nameTo: number, value: string) => void,
): void {
  let i = from;
  while (i < to) {
    if (s.charCodeAt(i) <= 32) {
      i++;
      continue;
    }
    const eq = s.indexOf('=', i);
    if (eq < 0 || eq >= to) return;
    let q = eq + 1;
    while (q < to && s.charCodeAt(q) <= 32) q++;
    const quote = s.charCodeAt(q);
    if (quote !== DQUOTE && quote !== SQUOTE) throw new XmlError('unquoted attribute');
    const close = s.indexOf(quote === DQUOTE ? '"' : "'", q + 1);
    if (close < 0 || close >= to) throw new XmlError('unterminated attribute');
    each(i, trimEnd(s, i, eq), s.slice(q + 1, close));
    i = close + 1;
  }
}

/** All attributes of a tag by name, decoded: for the few tags of the small parts. */
export function attributesOf(s: string, from: number, to: number): Map<string, string> {
  const out = new Map<string, string>();
  eachAttribute(s, from, to, (nameFrom, nameTo, value) =>
    out.set(s.slice(nameFrom, nameTo), decodeXml(value)),
  );
  return out;
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text as written: the five entities and character references decoded, line ends normalised. */
export function decodeXml(raw: string): string {
  let text = raw;
  if (text.indexOf('\r') >= 0) text = text.replace(/\r\n?/g, '\n');
  if (text.indexOf('&') < 0) return text;
  return text.replace(
    ENTITY,
    (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED[name]!;
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}
