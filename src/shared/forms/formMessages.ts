/**
 * A plain form's messages (a form widget's `errorMessages`, schemas/form.schema.json): the message
 * for a failed JSON Schema keyword at a field, `{title}` filled with the field's title. The form
 * (RjsfForm) and the server route behind it (report mailers) answer with this one mapping, so a
 * refused save reads the same in the form and in the API's 400.
 */
type Node = Record<string, unknown>;
type Messages = Readonly<Record<string, string | undefined>>;

/** The `if` branch a value takes: `then` when every `const` of the condition matches. */
function branchTaken(schema: Node, data: Node | undefined): 'then' | 'else' | 'both' {
  const condition = (schema.if as Node | undefined)?.properties as Record<string, Node> | undefined;
  if (!condition || !data) return 'both';
  const matches = Object.entries(condition).every(([k, c]) => !('const' in c) || data[k] === c.const);
  return matches ? 'then' : 'else';
}

/**
 * Every property a form may show: its own and those an `if` branch adds (then / else); with the
 * form's data, only the branch the data takes.
 */
export function formProperties(schema: Node, data?: Node): Record<string, Node> {
  const own = (schema.properties ?? {}) as Record<string, Node>;
  const taken = branchTaken(schema, data);
  const branches = (['then', 'else'] as const)
    .filter((b) => taken === 'both' || taken === b)
    .map((b) => schema[b])
    .filter((b): b is Node => typeof b === 'object' && b !== null)
    .map((b) => formProperties(b, data));
  return Object.assign({}, ...branches, own) as Record<string, Node>;
}

/** A field's title for a `{title}` message, else its name; nested fields too (target.host). */
export function formFieldTitle(schema: Node, path: readonly string[], data?: Node): string {
  let node: Node = schema;
  let title = path.at(-1) ?? '';
  let value: unknown = data;
  for (const key of path) {
    const next = formProperties(node, value as Node | undefined)[key];
    if (!next) break;
    node = next;
    value = (value as Node | undefined)?.[key];
    title = typeof next.title === 'string' ? next.title : key;
  }
  return title;
}

/**
 * The form's message for a keyword failed at a path: `field.keyword` (the top-level field's own)
 * before `keyword`; undefined when the form gives none.
 */
export function formKeywordMessage(
  schema: Node,
  messages: Messages,
  keyword: string,
  path: readonly string[],
  data?: Node,
): string | undefined {
  const template = messages[`${path[0] ?? ''}.${keyword}`] ?? messages[keyword];
  return template?.replace('{title}', formFieldTitle(schema, path, data));
}
