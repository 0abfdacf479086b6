import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EnvError, loadEnv, publicUrl, type Env } from './platform/settings/env.js';
import { startServer } from './startServer.js';

/** Entry point of `npm start`: settings, data, demo tenant, HTTP; prints where to go and how to log in. */
async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const server = await startServer(env, { clientDir: path.resolve('dist/client') });
  const url = publicUrl(env);
  console.log(`\nShelfscope is running at ${url}`);
  if (env.DEMO_DATA) {
    console.log(`Demo login: ${env.DEMO_USER} / ${env.DEMO_PASSWORD}`);
    console.log(
      `The one-time code (OTP) is mailed to ${path.join(env.DATA_DIR, 'outbox')}: this log names each mail's file.\n`,
    );
  }
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Errors that explain themselves in one line: a bad screen file, a store that cannot migrate.
  if (
    error instanceof Error &&
    (error.name === 'ConfigInvalidError' || error.name === 'StoreMigrationError')
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
