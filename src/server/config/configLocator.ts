import type { ConfigProblem } from './configRegistry.js';
import { locatePointer, type ParsedConfigText } from './configLocations.js';

/** An expanded node (at `at` in the expanded file) was written at file#pointer. */
export interface ConfigOrigin {
  at: string;
  file: string;
  pointer: string;
}

/**
 * Turns a problem found in an expanded file into one at the place its author wrote: the shared
 * definition for an inherited property, the referencing node otherwise, with line and column.
 * Checks keep reporting pointers into the expanded file; this is applied once, at the end.
 */
export class ConfigLocator {
  private readonly texts = new Map<string, ParsedConfigText>();
  private readonly origins = new Map<string, ConfigOrigin[]>();

  addText(file: string, parsed: ParsedConfigText): void {
    this.texts.set(file, parsed);
  }

  addOrigins(file: string, origins: readonly ConfigOrigin[]): void {
    // Longest first, so the most specific origin of a pointer is found first.
    const all = [...(this.origins.get(file) ?? []), ...origins];
    this.origins.set(
      file,
      all.sort((a, b) => b.at.length - a.at.length),
    );
  }

  /** Where the author wrote what a pointer of an expanded file names. */
  source(file: string, pointer: string): { file: string; pointer: string } {
    for (const o of this.origins.get(file) ?? [])
      if (pointer === o.at || pointer.startsWith(`${o.at}/`))
        return { file: o.file, pointer: o.pointer + pointer.slice(o.at.length) };
    return { file, pointer };
  }

  locate(problem: ConfigProblem): ConfigProblem {
    if (problem.line !== undefined) return problem;
    const at = this.source(problem.file, problem.pointer);
    const text = this.texts.get(at.file);
    if (!text) return { ...problem, ...at };
    return { ...problem, ...at, ...locatePointer(text, at.pointer) };
  }
}
