import type { UploadDeclaration } from '../../../shared/config.gen.js';

const MB = 1024 * 1024;

/** Defaults of an upload declaration's limits, and the unzip bound against zip bombs. */
export const DEFAULT_MAX_SIZE_MB = 50;
export const DEFAULT_MAX_ROWS = 1_000_000;
/** An xlsx whose parts declare more than this when unzipped is refused before it is parsed. */
export const MAX_UNZIPPED_MB = 400;
/**
 * An xlsx's shared strings are held in memory while its sheet is read (cells point into them);
 * past this estimate (characters + a per-string overhead) the file is refused.
 */
export const MAX_SHARED_STRINGS_MB = 128;
/** Bad rows kept for the error file (all are counted); a file of a million bad rows stays small. */
export const MAX_KEPT_ERRORS = 10_000;
/** Rows validated before they go to the staging table in one append. */
export const STAGE_BATCH_ROWS = 50_000;

export function maxBytesOf(upload: UploadDeclaration): number {
  return Math.round((upload.maxSizeMb ?? DEFAULT_MAX_SIZE_MB) * MB);
}

export function maxRowsOf(upload: UploadDeclaration): number {
  return upload.maxRows ?? DEFAULT_MAX_ROWS;
}

export const unzippedLimitBytes = MAX_UNZIPPED_MB * MB;
