import type { ReportFileRow } from './reportFileRepo.js';

/** A report file as the API shows it: no paths, no other group's data. */
export function reportFileView(file: ReportFileRow) {
  return {
    id: file.id,
    kind: file.kind,
    title: file.title,
    endpoint: file.endpoint,
    format: file.format,
    status: file.status,
    rows: file.rows,
    percent: file.percent,
    fileName: file.file_name,
    bytes: file.bytes === null ? null : Number(file.bytes),
    error: file.error,
    attempts: file.attempts,
    createdAt: file.created_at,
    finishedAt: file.finished_at,
  };
}
