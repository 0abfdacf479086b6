import yauzl from 'yauzl';
import { BadRequestError } from '../../../shared/errors.js';
import { INVALID_FILE, zipBomb } from './uploadMessages.js';
import { MAX_UNZIPPED_MB, unzippedLimitBytes } from './uploadLimits.js';

/**
 * Reads an xlsx's zip directory (not its contents) and refuses it when its parts declare more
 * than the unzip limit (a zip bomb) or it is not a workbook. A zip that lies about its sizes is
 * still bounded while parsing: rows stop at the upload's row limit and cells at its columns.
 */
export async function checkXlsxZip(path: string, limit = unzippedLimitBytes): Promise<void> {
  const zip = await openZip(path);
  let total = 0;
  let workbook = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        if (total > limit) return reject(new BadRequestError(zipBomb(MAX_UNZIPPED_MB)));
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new BadRequestError(INVALID_FILE)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) throw new BadRequestError(INVALID_FILE);
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(new BadRequestError(INVALID_FILE));
      else resolve(zip);
    });
  });
}
