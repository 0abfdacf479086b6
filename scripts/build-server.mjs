// Bundles the server into dist/server/main.js and the backup/restore command into dist/server/ops.js;
// packages stay external (installed in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/ops.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
