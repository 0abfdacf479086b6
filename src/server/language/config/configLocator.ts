import type { ConfigProblem } from './configRegistry.js';
import { locatePointer, type ParsedConfigText } from './configLocations.js';
import { pointerToken, type ConfigOrigin } from '../../../shared/configLanguage/jsonPointer.js';

const parentPointer = (p: string) => p.slice(0, p.lastIndexOf('/'));

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

  /** Every problem located; a shared definition's problem found at each of its uses is listed once. */
  locateAll(problems: readonly ConfigProblem[]): ConfigProblem[] {
    const seen = new Set<string>();
    return problems
      .map((p) => this.locate(p))
      .filter((p) => {
        const key = `${p.file}#${p.pointer}\u0000${p.message}`;
        return !seen.has(key) && Boolean(seen.add(key));
      });
  }

  /**
   * An unknown property is located by the property itself (an inherited one lives in the shared
   * file), while the reported pointer stays its object's.
   */
  locate({ property, ...problem }: ConfigProblem & { property?: string }): ConfigProblem {
    if (problem.line !== undefined) return problem;
    const named = property === undefined ? problem.pointer : `${problem.pointer}/${pointerToken(property)}`;
    const source = this.source(problem.file, named);
    const at = property === undefined ? source : { ...source, pointer: parentPointer(source.pointer) };
    const text = this.texts.get(at.file);
    if (!text) return { ...problem, ...at };
    return { ...problem, ...at, ...locatePointer(text, source.pointer) };
  }
}
