/**
 * Whether a started server serves its API: an instance that is up but not ready (the demo's
 * first-start crawl still filling its day, a part unreachable) answers every call 503
 * (src/server/features/health/readinessGate.ts). Redis down does not close it, unlike /readyz.
 */
export async function isServing(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/v1/azure/session`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status !== 503;
  } catch {
    return false;
  }
}

/** Waits until the server at `url` serves its API (see isServing), or fails after `timeoutMs`. */
export async function untilServing(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isServing(url))) {
    if (Date.now() > deadline) throw new Error(`${url} did not start serving in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
