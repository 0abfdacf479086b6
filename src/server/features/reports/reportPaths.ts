import path from 'node:path';
import type { ReportFileRow } from './reportFileRepo.js';

/** Where a report file lives: DATA_DIR/reports/<group>/<id>.<format>, named by the store's ids only. */
export function reportPath(dataDir: string, file: Pick<ReportFileRow, 'group_id' | 'id' | 'format'>): string {
  return path.resolve(dataDir, 'reports', String(file.group_id), `${file.id}.${file.format}`);
}
