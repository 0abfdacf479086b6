import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ServerProcess {
  child: ChildProcess;
  /** Resident memory now, in MiB (VmRSS), and the peak so far (VmHWM). */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
}

/** The production build (dist/server/main.js) as its own process, listening on loopback only. */
export async function startServerProcess(dataDir: string, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WAREHOUSE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/processmonitor/sessionvalidity`).then(
      (r) => r.status > 0,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const kb = (field: string) =>
    Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0,
    );
  return {
    child,
    memory: () => ({ rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }),
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
