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

describe('readRows (xlsx)', () => {
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
