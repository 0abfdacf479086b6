import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readRows } from './readRows.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'read-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zip of stored (uncompressed) entries in the given order. */
function storedZip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [entryName, text] of entries) {
    const name = Buffer.from(entryName);
    const body = Buffer.from(text);
    const crc = zlib.crc32(body) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of stored parts whose tabs point at `sheets` (first tab first), written as given. */
function workbookOf(sheets: [string, string][], extra: [string, string][] = []): Buffer {
  const rels = sheets
    .map(
      ([name], i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="${name.replace('xl/', '')}"/>`,
    )
    .join('');
  const tabs = sheets
    .map((_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return storedZip([
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ],
    ['xl/workbook.xml', `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${tabs}</sheets></workbook>`],
    ...extra,
    ...[...sheets].reverse(),
  ]);
}

let written = 0;
async function cellsOf(zip: Buffer): Promise<unknown[]> {
  const file = path.join(dir, `book${++written}.xlsx`);
  writeFileSync(file, zip);
  const rows = [];
  for await (const batch of readRows(file, 'xlsx', 5)) rows.push(...batch);
  return rows.map((r) => [r.line, r.cells]);
}

describe('readRows (xlsx)', () => {
  it('reads inline strings (rich runs joined, phonetic guides left out), CDATA, prefixed elements and odd markup', async () => {
    const sheet = `<?xml version="1.0"?><!-- written by hand --><x:worksheet xmlns:x="${NS}"><x:sheetData>
      <x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Chan</x:t><x:r><x:t xml:space="preserve">nel </x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:is></x:c>
        <x:c t='inlineStr' data-note="a > b"><x:is><x:t><![CDATA[<Units> & more]]></x:t></x:is></x:c><x:c r="C1" t="d"><x:v>2026-03-01</x:v></x:c></x:row>
      <x:row><x:c r="A2" t="str"><x:v>A &amp; B &#x263A; &#65;</x:v></x:c><x:c r="B2" t="e"><x:v>#N/A</x:v></x:c><x:c r="C2" t="b"><x:v>1</x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    expect(await cellsOf(workbookOf([['xl/worksheets/sheet1.xml', sheet]]))).toEqual([
      [1, ['Channel ', '<Units> & more', new Date(Date.UTC(2026, 2, 1))]],
      [2, ['A & B \u263a A', '#N/A', true]],
    ]);
  });

  it('reads the first tab of the workbook, whatever the sheet files are called or stored', async () => {
    const one = (text: string) =>
      `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row></sheetData></worksheet>`;
    const zip = workbookOf([
      ['xl/worksheets/sheet2.xml', one('first tab')],
      ['xl/worksheets/sheet1.xml', one('second tab')],
    ]);
    expect(await cellsOf(zip)).toEqual([[1, ['first tab']]]);
  });

  it('a shared formula keeps its text in the cell that holds it; the cells sharing it read as "="', async () => {
    const sheet = `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><f t="shared" ref="A1:A2" si="0">B1*2</f><v>4</v></c></row>
      <row r="2"><c r="A2"><f t="shared" si="0"/><v>6</v></c></row></sheetData></worksheet>`;
    expect(await cellsOf(workbookOf([['xl/worksheets/sheet1.xml', sheet]]))).toEqual([
      [1, ['=B1*2']],
      [2, ['=']],
    ]);
  });

  it("malformed sheet XML, or a DOCTYPE, is an 'Invalid File' (400)", async () => {
    const truncated = `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="str"><v>Channel</v></c></row><row r="2"><c r="A2`;
    await expect(cellsOf(workbookOf([['xl/worksheets/sheet1.xml', truncated]]))).rejects.toMatchObject({
      status: 400,
      message: 'Invalid File',
    });
    const doctype = `<!DOCTYPE lol [<!ENTITY a "aaaa">]><worksheet xmlns="${NS}"><sheetData/></worksheet>`;
    await expect(cellsOf(workbookOf([['xl/worksheets/sheet1.xml', doctype]]))).rejects.toMatchObject({
      status: 400,
      message: 'Invalid File',
    });
  });

  it('a workbook without sheets has no rows', async () => {
    expect(await cellsOf(workbookOf([]))).toEqual([]);
  });

  it('reads a workbook whose sheet comes before xl/workbook.xml in the zip', async () => {
    const file = path.join(dir, 'sheet-first.xlsx');
    writeFileSync(
      file,
      storedZip([
        [
          'xl/_rels/workbook.xml.rels',
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ],
        [
          'xl/sharedStrings.xml',
          `<sst xmlns="${NS}" count="2" uniqueCount="2"><si><t>Channel</t></si><si><t>Amazon</t></si></sst>`,
        ],
        [
          'xl/worksheets/sheet1.xml',
          `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Units</t></is></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><v>7</v></c></row></sheetData></worksheet>`,
        ],
        [
          'xl/workbook.xml',
          `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ],
      ]),
    );
    const rows = [];
    for await (const batch of readRows(file, 'xlsx', 2)) rows.push(...batch);
    expect(rows.map((r) => r.cells)).toEqual([
      ['Channel', 'Units'],
      ['Amazon', 7],
    ]);
  });
});
