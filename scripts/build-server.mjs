// Bundles the server into dist/server/main.js, the backup/restore command into dist/server/ops.js
// and the demo generation worker into dist/server/generateWorker.js (beside main.js, where
// src/server/demo/warehouse/generateInWorker.ts looks for it); packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/ops.ts',
    { in: 'src/server/demo/warehouse/generateWorker.ts', out: 'generateWorker' },
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
