import type { ApiClient } from './apiClient.js';

/**
 * An export job's file row once the job has ended (ready or failed), polled through the API;
 * throws when it has not ended in `timeoutMs`.
 */
export async function exportFinished<T extends { status: string }>(
  client: ApiClient,
  id: number,
  timeoutMs = 60_000,
): Promise<T> {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const file = (await client.get<T>(`exports/${id}`)).body.data!;
    if (file.status === 'ready' || file.status === 'failed') return file;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export ${id} did not finish in ${timeoutMs} ms`);
}
