import type { ConfigProblem } from './configRegistry.js';

/**
 * `file:line:column#/json/pointer: message` (`file#/json/pointer: message` when the position is
 * unknown), the one format screens:check, the server and the log use.
 */
export function formatProblem(problem: ConfigProblem): string {
  const prefix = problem.severity === 'warning' ? 'warning: ' : '';
  const at = problem.line === undefined ? '' : `:${problem.line}:${problem.column ?? 1}`;
  return `${prefix}${problem.file}${at}#${problem.pointer}: ${problem.message}`;
}

/** Thrown when the config cannot serve: its message lists every problem, one per line. */
export class ConfigInvalidError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(
      `Invalid screen config (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`,
    );
    this.name = 'ConfigInvalidError'; // main.ts prints just the message for this name
  }
}

export { pointer, pointerToken } from '../../../shared/configLanguage/jsonPointer.js';
