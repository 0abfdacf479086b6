import type { ConfigProblem } from './configRegistry.js';

/** `file#/json/pointer: message`, the one format screens:check, the server and the log use. */
export function formatProblem(problem: ConfigProblem): string {
  const prefix = problem.severity === 'warning' ? 'warning: ' : '';
  return `${prefix}${problem.file}#${problem.pointer}: ${problem.message}`;
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

/** Escapes one JSON pointer token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${pointerToken(t)}`).join('');
}
