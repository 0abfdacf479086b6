/**
 * What the main-thread long tasks of a screen's first load are made of: opens each
 * screen in Chromium with a Chrome trace and the CPU profiler on, then prints every task over
 * 50 ms with what ran inside it (script compile/evaluation per file, React's work, layout, style,
 * GC) and the script files whose samples filled the long tasks.
 * Used by `npm run bench -- --long-tasks sales/kpi,stock/kpi`; the numbers feed docs/bench.md.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
    parent?: number;
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
export interface LongTask {
  ms: number;
  /** 'EvaluateScript index.js 41 ms' and the like, largest first. */
  parts: string[];
}

const short = (url: string | undefined) =>
  url ? url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js/, '.js') : '';

/** Long tasks from a Chrome trace: top-level tasks of the renderer's main thread over `limitMs`. */
function longTasksOf(
  events: TraceEvent[],
  limitMs: number,
): { start: number; end: number; task: LongTask }[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const own = events.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X');
  const tops = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > limitMs * 1000);
  return tops.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    // The task's direct children (events inside it that no other event inside it contains).
    const inside = own
      .filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const parts = new Map<string, number>();
    let coveredUntil = -1;
    for (const e of inside) {
      if (e.ts < coveredUntil) continue;
      coveredUntil = e.ts + (e.dur ?? 0);
      const what = `${e.name} ${short(e.args?.data?.url ?? e.args?.data?.functionName)}`.trim();
      parts.set(what, (parts.get(what) ?? 0) + (e.dur ?? 0) / 1000);
    }
    return {
      start: t.ts,
      end,
      task: {
        ms: (t.dur ?? 0) / 1000,
        parts: [...parts]
          .filter(([, ms]) => ms >= 2)
          .sort((a, b) => b[1] - a[1])
          .map(([k, ms]) => `${k} ${ms.toFixed(0)} ms`),
      },
    };
  });
}

/** Self time of the CPU profile's samples inside the windows, by script file and function. */
function samplesIn(profile: CpuProfile, windows: { start: number; end: number }[]): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!windows.some((w) => t >= w.start && t <= w.end)) continue;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const f = node.callFrame;
    // file:line:column of the minified bundle; its .map names the source (dist/client/assets/*.map).
    const at = f.url ? `${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '(native)';
    const key = `${at} ${f.functionName || '(anonymous)'}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(6)} ms  ${k}`);
}

export async function profileLongTasks(
  context: BrowserContext,
  url: string,
  settled: (page: Page) => Promise<void>,
  limitMs = 50,
): Promise<{ tasks: LongTask[]; hot: string[] }> {
  const page = await context.newPage();
  const browser = context.browser()!;
  const cdp: CDPSession = await context.newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8'],
    });
    await page.goto(url, { waitUntil: 'commit' });
    await settled(page);
    const buffer = await browser.stopTracing();
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    const found = longTasksOf(trace.traceEvents, limitMs);
    return { tasks: found.map((f) => f.task), hot: samplesIn(profile, found) };
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}
