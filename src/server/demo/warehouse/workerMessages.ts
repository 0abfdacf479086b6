import type { EncodedColumn } from './columnBatch.js';

/** From the generation worker to the writing thread, in the order they must be handled. */
export type FromWorker =
  | { kind: 'rows'; table: string; columns: EncodedColumn[] }
  /** Every row of the group has been posted. */
  | { kind: 'group'; groupId: number; listings: number }
  | { kind: 'log'; line: string }
  | { kind: 'done' };

/** From the writing thread: one batch is written (the worker may post another). */
export type ToWorker = { kind: 'written' };
