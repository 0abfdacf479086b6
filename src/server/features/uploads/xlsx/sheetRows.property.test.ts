import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileRow } from '../readRows.js';
import { SheetRows, type SheetContext } from './sheetRows.js';
import { referenceRows } from './testing/referenceSheetRows.js';
import { XmlError } from './xmlScanner.js';

/**
 * The sheet's own scanner (sheetRows.ts) against the reader it replaced (XmlScanner + a
 * handler, testing/referenceSheetRows.ts) on random sheets: plain and prefixed elements, the
 * attributes in any order with quotes of both kinds, '>' inside values and odd attributes (no
 * value, unquoted), every cell type, rich and phonetic runs, formulas, entities, CDATA,
 * comments, non-ASCII text, blanks between tags, and cut sheets. The bytes are fed in random
 * pieces (cuts inside tags, entities and multi-byte characters), and for small sheets cut in
 * two at every byte.
 */

const CONTEXT: Omit<SheetContext, 'keep' | 'date1904'> = {
  sharedStrings: ['Amazon', 'Big Basket', 'A & B', ''],
  dateStyles: [false, true, false, true],
};

const texts = fc.constantFrom(
  '',
  'Amazon',
  '12.5',
  '-3',
  '1e-7',
  '46082',
  '0',
  '1',
  'true',
  'x',
  '2026-03-01',
  '2026-03-01T10:00:00Z',
  '#N/A',
  'A &amp; B &lt;c&gt; &quot;q&quot; &apos;',
  '&#x263A;&#65;&#0;&#x110000;',
  'caf\u00e9 \u0928\u092e\u0938\u094d\u0924\u0947 \ud83d\ude00',
  'line\r\nbreak\rhere',
  '<![CDATA[<Units> & more]]>',
  'a<!-- note -->b',
  '  padded  ',
  '3',
  '99',
);
const blank = fc.constantFrom('', '', '', ' ', '\n  ', '\t');
const quote = fc.constantFrom('"', '"', "'");
const attr = (name: string, value: fc.Arbitrary<string>) =>
  fc.tuple(quote, value, blank).map(([q, v, b]) => ` ${name}${b}=${b}${q}${v}${q}`);
const cellRef = fc.constantFrom('A1', 'B2', 'C9', 'AA3', 'ab4', '7', '', 'XFD1048576', 'E5');
const extraAttr = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(' data-note="a > b"', " x14ac:dyDescent='0.25'", ' spans="1:5"'),
  },
  // Odd ones the general path reads (an unquoted value in a row or cell is malformed).
  { weight: 1, arbitrary: fc.constantFrom(' checked', ' u=unquoted', ' ="no name"') },
);

/** A start tag with its attributes in random order, optionally self-closing. */
function tag(name: string, attrs: fc.Arbitrary<string>[], selfClosing: boolean) {
  return fc
    .tuple(fc.shuffledSubarray(attrs.map((_, i) => i)), fc.tuple(...attrs), blank)
    .map(
      ([order, values, b]) =>
        `<${name}${order.map((i) => values[i]).join('')}${b}${selfClosing ? '/>' : '>'}`,
    );
}

function sheetXml(prefix: string) {
  const el = (name: string) => `${prefix}${name}`;
  const leaf = (name: string) =>
    fc.tuple(texts, blank).map(([t, b]) => `<${el(name)}>${t}</${el(name)}${b}>`);
  const run = fc.oneof(
    leaf('t'),
    leaf('t').map((t) => `<${el('r')}><${el('rPr')}/>${t}</${el('r')}>`),
    leaf('t').map((t) => `<${el('rPh')} sb="0" eb="1">${t}</${el('rPh')}>`),
  );
  const content = fc.oneof(
    leaf('v'),
    fc.tuple(leaf('f'), leaf('v')).map(([f, v]) => f + v),
    fc.constant(`<${el('f')} t="shared" si="0"/><${el('v')}>6</${el('v')}>`),
    fc.array(run, { maxLength: 3 }).map((runs) => `<${el('is')}>${runs.join('')}</${el('is')}>`),
    fc.constant(''),
  );
  const cellAttrs = [
    attr('r', cellRef),
    attr('t', fc.constantFrom('s', 'str', 'inlineStr', 'b', 'e', 'd', 'n', 'x')),
    attr('s', fc.constantFrom('0', '1', '2', '3', '', 'z', ' 1')),
    extraAttr,
  ];
  const cell = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(tag(el('c'), cellAttrs, false), content, blank)
        .map(([open, c, b]) => `${open}${c}${b}</${el('c')}>`),
    },
    { weight: 1, arbitrary: tag(el('c'), cellAttrs, true) },
  );
  const rowAttrs = [attr('r', fc.constantFrom('1', '2', '7', '0', '-1', '2.5', 'x', '')), extraAttr];
  const row = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(tag(el('row'), rowAttrs, false), fc.array(fc.tuple(cell, blank), { maxLength: 5 }))
        .map(([open, cells]) => `${open}${cells.map(([c, b]) => c + b).join('')}</${el('row')}>`),
    },
    { weight: 1, arbitrary: tag(el('row'), rowAttrs, true) },
    { weight: 1, arbitrary: cell },
    {
      weight: 1,
      arbitrary: fc.constantFrom('<!-- between rows -->', '<?pi x?>', '<other a="1"/>', 'stray text'),
    },
  );
  return fc
    .tuple(
      fc.array(row, { maxLength: 6 }),
      fc.constantFrom('', '<?xml version="1.0"?>\n', '<!-- by hand -->'),
    )
    .map(
      ([rows, head]) =>
        `${head}<${el('worksheet')} xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="ns"><${el('sheetData')}>${rows.join('\n')}</${el('sheetData')}></${el('worksheet')}>`,
    );
}

/** A sheet as written, or cut short / made malformed. */
const sheet = fc
  .tuple(
    fc.constantFrom('', 'x:', 'x:'),
    fc.nat(),
    fc.constantFrom('whole', 'whole', 'whole', 'cut', 'doctype'),
  )
  .chain(([prefix, cutSeed, shape]) =>
    sheetXml(prefix).map((xml) =>
      shape === 'cut'
        ? xml.slice(0, cutSeed % (xml.length + 1))
        : shape === 'doctype'
          ? `<!DOCTYPE x>${xml}`
          : xml,
    ),
  );

const context = fc.record({ keep: fc.constantFrom(2, 3, 64), date1904: fc.boolean() });

type Outcome = { rows: FileRow[] } | { error: true };

function fastRows(ctx: SheetContext, pieces: readonly Buffer[]): Outcome {
  try {
    const reader = new SheetRows(ctx);
    for (const piece of pieces) reader.write(piece);
    reader.end();
    return { rows: reader.rows };
  } catch (e) {
    if (e instanceof XmlError) return { error: true };
    throw e;
  }
}

function expected(ctx: SheetContext, bytes: Buffer): Outcome {
  try {
    return { rows: referenceRows(ctx, [bytes]) };
  } catch (e) {
    if (e instanceof XmlError) return { error: true };
    throw e;
  }
}

/** The bytes cut at the given offsets (sorted, any number, inside characters too). */
function cutAt(bytes: Buffer, offsets: readonly number[]): Buffer[] {
  const at = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const o of at) {
    pieces.push(bytes.subarray(from, o));
    from = o;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

describe('SheetRows (the sheet scanner) reads what the general scanner read', () => {
  it('on random sheets fed in random pieces', () => {
    fc.assert(
      fc.property(sheet, context, fc.array(fc.nat(), { maxLength: 12 }), (xml, c, offsets) => {
        const ctx = { ...CONTEXT, ...c };
        const bytes = Buffer.from(xml);
        const want = expected(ctx, bytes);
        expect(fastRows(ctx, cutAt(bytes, offsets))).toEqual(want);
        // The reference itself does not depend on where chunks end.
        expect(
          (() => {
            try {
              return { rows: referenceRows(ctx, cutAt(bytes, offsets)) };
            } catch (e) {
              if (e instanceof XmlError) return { error: true };
              throw e;
            }
          })(),
        ).toEqual(want);
      }),
      { numRuns: 600 },
    );
  });

  it('on small random sheets cut in two at every byte', () => {
    fc.assert(
      fc.property(sheet, context, (xml, c) => {
        const ctx = { ...CONTEXT, ...c };
        const bytes = Buffer.from(xml);
        const want = expected(ctx, bytes);
        for (let k = 0; k <= bytes.length; k++) {
          expect(fastRows(ctx, [bytes.subarray(0, k), bytes.subarray(k)]), `cut at ${k}`).toEqual(want);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('finds rows in the generated sheets (the comparison is not of empty results)', () => {
    const samples = fc.sample(fc.tuple(sheet, context), { numRuns: 200, seed: 14 });
    const withCells = samples.filter(([xml, c]) => {
      const out = fastRows({ ...CONTEXT, ...c }, [Buffer.from(xml)]);
      return 'rows' in out && out.rows.some((r) => r.cells.some((cell) => cell !== null));
    });
    expect(withCells.length).toBeGreaterThan(50);
  });

  it('reads the bench sheet row as exceljs writes it', () => {
    const xml =
      '<sheetData><row r="2" spans="1:5" x14ac:dyDescent="0.25"><c r="A2" t="str"><v>Amazon</v></c><c r="B2" t="str"><v>2025-01-01</v></c><c r="C2" t="inlineStr"><is><t>SKU-1</t></is></c><c r="D2"><v>1</v></c><c r="E2" s="1"><v>46082</v></c></row></sheetData>';
    const ctx = { ...CONTEXT, keep: 64, date1904: false };
    expect(fastRows(ctx, [Buffer.from(xml)])).toEqual({
      rows: [
        {
          line: 2,
          cells: ['Amazon', '2025-01-01', 'SKU-1', 1, new Date(Date.UTC(2026, 2, 1))],
        },
      ],
    });
  });
});
