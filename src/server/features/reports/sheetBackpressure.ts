import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type ExcelJS from 'exceljs';

/** Bytes of sheet XML allowed to wait for the zip's deflate before rows stop being added. */
const BACKLOG_BYTES = 4 * 1024 * 1024;

/** The parts of exceljs's streaming sheet (its StreamBuf) this reads; not in its typings. */
interface SheetStream {
  buffers: unknown[];
  bufSize: number;
  pipes: Sink[];
}

/** The zip's entry stream is readable-stream 2's PassThrough: no writableLength, only its state. */
type Sink = Writable & {
  _writableState?: { length: number; needDrain: boolean };
  _readableState?: { length: number };
};

/**
 * exceljs's streaming sheet hands its XML to the zip's deflate stream without waiting for it
 * (StreamBuf ignores `write()`'s answer), so when rows come faster than deflate runs, the XML
 * piles up in memory: 383 MB for 1M rows. This waits until the backlog, in the sheet's own
 * buffers and in the zip entry's queue, is under a few MB.
 */
export async function waitForSheetBacklog(sheet: ExcelJS.Worksheet): Promise<void> {
  const stream = (sheet as unknown as { stream?: SheetStream }).stream;
  if (!stream) return;
  for (;;) {
    const sink = stream.pipes[0];
    const queued =
      stream.buffers.length * stream.bufSize +
      (sink?._writableState?.length ?? 0) +
      (sink?._readableState?.length ?? 0);
    if (queued <= BACKLOG_BYTES) return;
    // The sink draining is what frees memory; before the zip takes the entry, poll.
    if (sink?._writableState?.needDrain) await once(sink, 'drain');
    else await sleep(5);
  }
}
