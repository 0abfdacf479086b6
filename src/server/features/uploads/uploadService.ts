import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { AppError, BadRequestError } from '../../../shared/errors.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { sniffFile } from './fileKind.js';
import { loadLookups } from './lookups.js';
import type { RawCell } from './cellText.js';
import { readRows } from './readRows.js';
import { matchHeader, RowValidator, type RowError } from './rowValidator.js';
import { StagingTable } from './stagingTable.js';
import type { UploadRepo } from './uploadRepo.js';
import { planUpload } from './uploadPlan.js';
import { checkXlsxZip } from './zipGuard.js';
import { MAX_KEPT_ERRORS, maxRowsOf, STAGE_BATCH_ROWS } from './uploadLimits.js';
import { SliceCounter } from './sliceCounter.js';
import { DuplicateRows } from './duplicateRows.js';
import * as m from './uploadMessages.js';
import { newWriteToken } from '../../language/entities/warehouseEntity.js';
import { refreshLostSales } from '../../language/measures/lostSalesTable.js';
import type { UploadNotification } from '../../../shared/realtimeEvents.js';

/** An upload's progress as the realtime socket carries it (without its type tag). */
export type UploadProgress = Omit<UploadNotification, 'type'>;
/** Rows validated between two progress reports: often enough to move, rare enough to cost nothing. */
const PROGRESS_EVERY_ROWS = 10_000;

export interface ReceivedFile {
  path: string;
  fileName: string;
  extension: string;
  size: number;
}

export interface UploadCall {
  upload: UploadDeclaration;
  /** 'area/screen/uploadId': the history and slices key. */
  key: string;
  groupId: number;
  userId: number;
}

export interface UploadOutcome {
  runId: number;
  status: 'loaded' | 'rejected';
  message: string;
  rowsOk: number;
  rowsFailed: number;
  /** The first bad cells (the error file has them all, up to its cap). */
  errors: RowError[];
  slices: { slice: Record<string, string | number>; rows: number }[];
}

/** Errors shown in the answer itself; the rest are in the error file. */
const ERRORS_IN_ANSWER = 50;

/**
 * The pipeline of one file: sniff, guard, read streaming, validate every row, stage the good
 * ones, then swap them in with one transaction, only when no row failed. The run is recorded
 * from the start, so the history shows refused and rejected files as well as loaded ones.
 */
export async function runUpload(
  wh: Warehouse,
  repo: UploadRepo,
  call: UploadCall,
  file: ReceivedFile,
  onProgress: (progress: UploadProgress) => void = () => undefined,
): Promise<UploadOutcome> {
  const runId = await repo.start(call.groupId, call.userId, call.key, file.fileName);
  const report = (status: UploadProgress['status'], rowsValidated: number, rowsLoaded = 0, rowsFailed = 0) =>
    onProgress({ key: call.key, runId, status, rowsValidated, rowsLoaded, rowsFailed });
  let staging: StagingTable | null = null;
  try {
    const outcome = await validateAndLoad(wh, repo, call, file, runId, (s) => (staging = s), report);
    await repo.finish(runId, { ...outcome, errors: outcome.errors });
    const validated = outcome.rowsOk + outcome.rowsFailed;
    if (outcome.status === 'loaded') report('loaded', validated, outcome.rowsOk);
    else report('rejected', validated, 0, outcome.rowsFailed);
    return { ...outcome, runId, errors: outcome.errors.slice(0, ERRORS_IN_ANSWER) };
  } catch (error) {
    const refused = error instanceof AppError && error.status === 400;
    const message = refused ? error.message : 'The upload failed on the server; nothing was loaded.';
    await repo.finish(runId, { status: refused ? 'refused' : 'failed', rowsOk: 0, rowsFailed: 0, message });
    report(refused ? 'refused' : 'failed', 0);
    throw error;
  } finally {
    await (staging as StagingTable | null)?.drop();
  }
}

async function validateAndLoad(
  wh: Warehouse,
  repo: UploadRepo,
  call: UploadCall,
  file: ReceivedFile,
  runId: number,
  onStaging: (s: StagingTable) => void,
  report: (status: 'validating' | 'loading', rowsValidated: number) => void,
): Promise<Omit<UploadOutcome, 'runId'>> {
  const { upload, groupId } = call;
  const kind = await sniffFile(file.path, file.extension, file.size);
  if (kind === 'xlsx') await checkXlsxZip(file.path);
  const plan = planUpload(upload);
  const lookups = await loadLookups(wh, upload.columns, groupId);
  const maxRows = maxRowsOf(upload);
  const errors: RowError[] = [];
  let rowsFailed = 0;
  let rowsOk = 0;
  let validator: RowValidator | null = null;
  let batch = emptyBatch(plan.staged.length);
  let staging: StagingTable | null = null;
  const slices = new SliceCounter(plan);
  const duplicates = new DuplicateRows(upload, plan);
  // The row being checked, for a duplicate's error (one function, not one per row).
  let current: readonly RawCell[] = [];
  const shownCells = (at: readonly number[]) => validator!.shownCells(current, at);
  const keepError = (e: RowError) => {
    if (errors.length < MAX_KEPT_ERRORS) errors.push(e);
  };
  const flush = async () => {
    staging ??= await StagingTable.create(wh, plan, runId);
    onStaging(staging);
    await staging.append(batch);
    batch = emptyBatch(plan.staged.length);
  };

  for await (const rows of readRows(file.path, kind, upload.columns.length)) {
    for (const { line, cells } of rows) {
      if (isBlank(cells)) continue;
      if (!validator) {
        const { positions, missing } = matchHeader(upload, cells);
        if (missing.length > 0) throw new BadRequestError(m.missingColumns(missing));
        validator = new RowValidator(upload, plan, positions, lookups, groupId);
        continue;
      }
      if (rowsOk + rowsFailed >= maxRows) throw new BadRequestError(m.tooManyRows(maxRows));
      if ((rowsOk + rowsFailed) % PROGRESS_EVERY_ROWS === 0) report('validating', rowsOk + rowsFailed);
      // Once a row failed nothing will load: keep validating (to report every bad row), stop staging.
      if (!validator.validate(line, cells, keepError, rowsFailed > 0 ? null : batch)) {
        rowsFailed++;
        continue;
      }
      current = cells;
      if (rowsFailed === 0 && !duplicates.check(line, batch, keepError, shownCells)) {
        rowsFailed++;
        continue;
      }
      rowsOk++;
      if (rowsFailed > 0) continue;
      slices.countLast(batch);
      if (batch[0]!.length >= STAGE_BATCH_ROWS) {
        await flush();
        await repo.progress(runId, rowsOk);
      }
    }
  }
  if (!validator) throw new BadRequestError(m.EMPTY_FILE);
  if (rowsOk + rowsFailed === 0) throw new BadRequestError(m.NO_DATA_ROWS);
  if (rowsFailed > 0) {
    return {
      status: 'rejected',
      message: m.rowsRejected(rowsFailed),
      rowsOk,
      rowsFailed,
      errors,
      slices: [],
    };
  }
  report('loading', rowsOk);
  await flush();
  await staging!.swap(groupId, newWriteToken());
  await refreshLostSales(wh, groupId, { written: [upload.target.table] });
  const loaded = slices.list();
  await repo.saveSlices(groupId, call.key, runId, loaded);
  return {
    status: 'loaded',
    message: upload.successMessage ?? m.rowsLoaded(rowsOk),
    rowsOk,
    rowsFailed: 0,
    errors: [],
    slices: loaded,
  };
}

/** A row of empty cells (an empty line of a CSV, a formatted but empty row of a sheet). */
function isBlank(cells: readonly RawCell[]): boolean {
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (c !== null && c !== '') return false;
  }
  return true;
}

function emptyBatch(width: number): unknown[][] {
  return Array.from({ length: width }, () => []);
}
