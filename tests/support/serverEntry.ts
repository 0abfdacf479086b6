/**
 * The node arguments that run a server entry in a process of its own: `main` the server, `ops`
 * the backup and restore command. `npm test` and `.ci/run` build first and set
 * SHELFSCOPE_TEST_BUILD=1: then the bundle (dist/server), which a kill, restart or upgrade test
 * starts with 1.5-2 s less CPU than the sources under tsx (no transpiling). A test file run on its
 * own runs the sources, so it never tests a stale build.
 */
export function serverEntry(entry: 'main' | 'ops'): string[] {
  if (process.env.SHELFSCOPE_TEST_BUILD === '1') return [`dist/server/${entry}.js`];
  return ['--import', 'tsx', `src/server/${entry}.ts`];
}
