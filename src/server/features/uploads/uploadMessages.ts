/** What an uploader reads. 'Invalid File' is the spec's (§5 "Channel upload"), word for word. */
export const INVALID_FILE = 'Invalid File';
export const EMPTY_FILE = 'The file is empty.';
export const NO_DATA_ROWS = 'The file has no data rows under its header.';
export const LEGACY_XLS =
  'Excel 97-2003 (.xls) files cannot be read here; save the sheet as .xlsx (Excel Workbook) and upload it again.';
export const NO_FILE = 'Choose a file to upload.';
export const READ_MODE = 'Uploads are not allowed in read-only mode.';

export const tooLarge = (mb: number): string => `The file is larger than ${mb} MB.`;
export const zipBomb = (mb: number): string => `The file expands past ${mb} MB when unzipped; it is refused.`;
export const sharedStringsTooLarge = (mb: number): string =>
  `The file's text table (shared strings) is larger than ${mb} MB; it is refused. Save the sheet as CSV and upload that.`;
export const tooManyRows = (max: number): string =>
  `The file has more than ${max.toLocaleString('en-US')} rows; split it and upload again.`;
export const missingColumns = (headers: readonly string[]): string =>
  `The header does not match the template: missing column${headers.length === 1 ? '' : 's'} ${headers.join(', ')}.`;
export const rowsRejected = (rows: number): string =>
  `${rows.toLocaleString('en-US')} row${rows === 1 ? ' has' : 's have'} errors; nothing was loaded. Download the error file to see them.`;
export const rowsLoaded = (rows: number): string =>
  `${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'} loaded.`;

// Per-cell messages of the error file.
export const REQUIRED = 'Required value is missing.';
export const NOT_INTEGER = 'Must be a whole number.';
export const NOT_NUMBER = 'Must be a number.';
export const NOT_DATE = 'Must be a date (YYYY-MM-DD).';
export const notAllowed = (allowed: readonly (string | number)[]): string =>
  `Must be one of: ${allowed.join(', ')}.`;
export const belowMin = (min: number): string => `Must be at least ${min}.`;
export const aboveMax = (max: number): string => `Must be at most ${max}.`;
export const tooLong = (max: number): string => `Must be at most ${max} characters.`;
export const unknownLookup = (header: string, value: string): string => `Unknown ${header} "${value}".`;

// Deleting a loaded slice, and its undo.
export const SLICE_DELETED = 'Deleted';
export const SLICE_RESTORED = 'Restored';
export const NOTHING_TO_UNDO = 'Nothing to undo: this delete was already restored or is unknown.';
export const UNDO_EXPIRED = 'The time to undo this delete has passed.';
export const RELOADED_SINCE =
  'This slice was uploaded again after the delete; the deleted rows cannot be put back over it.';
