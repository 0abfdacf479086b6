import { load } from 'cheerio';
import { JSONPath } from 'jsonpath-plus';
import { BadRequestError, type FieldProblem } from '../../../shared/errors.js';
import { sourceProblems, type ModelSchema } from '../../../shared/crawl/modelSchemaRules.js';

const EMPTY_PAGE = load('');

/** Whether the extractor can use `source` at all: cheerio and jsonpath-plus throw on what they cannot parse. */
function unreadable(source: string, responseType: string): boolean {
  try {
    if (responseType === 'HTML') EMPTY_PAGE(source);
    else JSONPath({ path: source, json: {}, wrap: true });
    return false;
  } catch {
    return true;
  }
}

/**
 * Refuses (400, each problem at its field) a schema whose sources do not fit the response type it
 * reads: the shared rule (a JSONPath on an HTML schema and the like), then whether each source parses.
 */
export function requireFittingSources(schema: ModelSchema, responseType: string): void {
  const problems: FieldProblem[] = sourceProblems(schema, responseType);
  if (problems.length === 0) {
    const entries: [string, string, string][] = [
      ...(typeof schema.items === 'string'
        ? [['items', 'items', schema.items] as [string, string, string]]
        : []),
      ...schema.dataModel.map((e, i): [string, string, string] => [
        `dataModel[${i}].source`,
        e.name,
        e.source,
      ]),
    ];
    for (const [path, label, source] of entries)
      if (unreadable(source, responseType))
        problems.push({
          path,
          message: `${label}: "${source}" is not a valid ${responseType === 'HTML' ? 'CSS selector' : 'JSONPath'}.`,
        });
  }
  if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
}
