import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../../shared/errors.js';
import { CsvRecords } from './csvRecords.js';

/** Records of `text` fed in the given piece lengths (the rest as one piece), or the error. */
function records(text: string, cuts: readonly number[] = []): string[][] | Error {
  const parser = new CsvRecords();
  const out: string[][] = [];
  try {
    let at = 0;
    for (const n of cuts) {
      parser.feed(text.slice(at, at + n));
      while (parser.read(out, 2) === 2);
      at += n;
    }
    parser.feed(text.slice(at), true);
    while (parser.read(out, 2) === 2);
    return out;
  } catch (error) {
    return error as Error;
  }
}

/** What csv-parse (the reader before, with the options it had) made of the same text. */
function csvParse(text: string): string[][] | 'error' {
  try {
    const rows: string[][] = parse(text, { bom: true, relax_column_count: true });
    return rows;
  } catch {
    return 'error';
  }
}

function expectSameAsCsvParse(text: string, cuts: readonly number[] = []): void {
  const want = csvParse(text);
  const got = records(text, cuts);
  if (want === 'error') {
    expect(got, JSON.stringify({ text, cuts })).toBeInstanceOf(BadRequestError);
    expect((got as Error).message).toBe('Invalid File');
  } else {
    expect(got, JSON.stringify({ text, cuts })).toEqual(want);
  }
}

const CASES = [
  'a,b,c\n1,2,3\n',
  'a,b,c\r\n1,2,3\r\n4,5\r\n',
  'a,b\r1,2\r3,4',
  'a,b\n\n1,2\n,\n',
  'a,"b,c",d\n"x ""y"" z",2\n',
  'h1,h2\n"multi\nline",2\n"also\r\nthis",3\n',
  'h\n"a\rb"\n',
  'a,b\n1,2\r3\n',
  'a,b\r\n1,2\n3\r\n',
  '"",""\n"a",\n',
  'a,b\n"unclosed,2\n',
  'a,b\nx"y,2\n',
  'a,b\n"x"y,2\n',
  'a,b\n "x",2\n',
  '"h1","h2"\r\n"1","2"',
  'h1,h2\n1,2\n3,"4"""\n',
  '"a""",b\n',
  'a\n\n\n',
  '\n\na,b\n',
  'only',
  '"only"',
  '"q"\r',
  'a,b,\n,,\n',
  'ünï,cödé\n€,😀\n',
];

describe('CsvRecords', () => {
  it('gives the records csv-parse gave, whole or cut anywhere', () => {
    for (const text of CASES) {
      expectSameAsCsvParse(text);
      for (let cut = 1; cut < text.length; cut++) expectSameAsCsvParse(text, [cut]);
      expectSameAsCsvParse(
        text,
        Array.from({ length: text.length }, () => 1),
      );
    }
  });

  it('agrees with csv-parse on random texts of commas, quotes and line breaks', () => {
    let seed = 14;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', 'b', ',', '"', '\n', '\r', '\r\n', ' ', 'é'];
    for (let n = 0; n < 3000; n++) {
      const length = 1 + Math.floor(random() * 24);
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const cuts: number[] = [];
      for (let left = text.length; left > 1 && random() < 0.7;) {
        const cut = 1 + Math.floor(random() * (left - 1));
        cuts.push(cut);
        left -= cut;
      }
      expectSameAsCsvParse(text, cuts);
    }
  });

  it('reads a long quoted field in linear time', () => {
    const text = `h\n"${'x'.repeat(4_000_000)}"\n`;
    const started = performance.now();
    const got = records(
      text,
      Array.from({ length: 4000 }, () => 1000),
    );
    expect((got as string[][])[1]![0]!.length).toBe(4_000_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
