import path from 'node:path';
import type { Reporter } from 'vitest/node';

/**
 * Repeats each unhandled error after the run's summary. Vitest prints them above it, and a CI log
 * that keeps only its tail then shows "1 error" with no message; this keeps the cause in view.
 */
export default class UnhandledErrorsLast implements Reporter {
  onTestRunEnd: Reporter['onTestRunEnd'] = (_modules, unhandledErrors) => {
    if (!unhandledErrors.length) return;
    console.error(`\n${unhandledErrors.length} unhandled error(s), repeated after the summary:`);
    for (const error of unhandledErrors) {
      const origin = (error as { VITEST_TEST_PATH?: string }).VITEST_TEST_PATH;
      const head = error.stack ?? `${error.name ?? 'Error'}: ${error.message}`;
      console.error(`- while ${origin ? path.relative(process.cwd(), origin) : 'the run'} ran:`);
      console.error(head.split('\n').slice(0, 8).join('\n'));
    }
  };
}
