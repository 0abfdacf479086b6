/** Escapes one JSON pointer token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${pointerToken(t)}`).join('');
}

/** A problem found while reading the config language: file, JSON pointer, message. */
export interface LanguageProblem {
  file: string;
  pointer: string;
  message: string;
}

/** An expanded node (at `at` in the expanded file) was written at file#pointer. */
export interface ConfigOrigin {
  at: string;
  file: string;
  pointer: string;
}
