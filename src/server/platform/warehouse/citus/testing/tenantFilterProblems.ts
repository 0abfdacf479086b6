import { parse } from 'libpg-query';

/**
 * Checks a PostgreSQL query the way Citus routes it: every read of a distributed relation (a fact
 * table, or a view over facts) must be pinned to one tenant by `<relation>.group_id = <parameter
 * or constant>` among the AND-ed conditions of its own SELECT's WHERE, or of the ON of the join
 * that brings it in. Returns one line per unpinned read; [] when the query routes to one shard.
 *
 * A view's definition (`view: true`) has no value to compare with: the outer query's filter is
 * pushed into it. There a SELECT of one relation passes, and a relation joined to others must be
 * tied to one of them by `a.group_id = b.group_id` (a co-located join).
 */
export async function tenantFilterProblems(
  sql: string,
  distributed: ReadonlySet<string>,
  tenantColumn: string,
  options: { view?: boolean } = {},
): Promise<string[]> {
  const tree = (await parse(sql)) as unknown;
  const problems: string[] = [];
  const rules = { distributed, tenantColumn, view: options.view ?? false };
  walk(tree, (select) => problems.push(...checkSelect(select, rules)));
  return problems;
}

interface Rules {
  distributed: ReadonlySet<string>;
  tenantColumn: string;
  view: boolean;
}

type Node = Record<string, unknown>;

function walk(value: unknown, onSelect: (select: Node) => void): void {
  if (Array.isArray(value)) {
    for (const v of value) walk(v, onSelect);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Node;
  if (node.SelectStmt) onSelect(node.SelectStmt as Node);
  for (const v of Object.values(node)) walk(v, onSelect);
}

interface Relation {
  name: string;
  ref: string;
  /** Conditions of the joins that restrict this relation's rows. */
  joinConditions: unknown[];
}

function checkSelect(select: Node, rules: Rules): string[] {
  const relations: Relation[] = [];
  for (const item of (select.fromClause as unknown[] | undefined) ?? []) collect(item, [], relations);
  const where = conjuncts(select.whereClause);
  const sole = relations.length === 1;
  if (rules.view && sole) return [];
  return relations
    .filter((r) => rules.distributed.has(r.name))
    .filter((r) => ![...where, ...r.joinConditions].some((c) => pinsTenant(c, r.ref, sole, rules)))
    .map(
      (r) =>
        `${r.name}${r.ref !== r.name ? ` (${r.ref})` : ''} is read without ${rules.tenantColumn} = ${
          rules.view ? "another relation's " + rules.tenantColumn : '<value>'
        }`,
    );
}

function collect(item: unknown, restricting: unknown[], out: Relation[]): void {
  const node = item as Node;
  if (node.RangeVar) {
    const rv = node.RangeVar as { relname: string; alias?: { aliasname: string } };
    out.push({ name: rv.relname, ref: rv.alias?.aliasname ?? rv.relname, joinConditions: restricting });
    return;
  }
  if (node.JoinExpr) {
    const join = node.JoinExpr as { jointype: string; larg: unknown; rarg: unknown; quals?: unknown };
    const on = conjuncts(join.quals);
    // An ON condition restricts the rows of the side it may drop rows from: both sides of an
    // inner join, only the right side of a LEFT join, only the left side of a RIGHT join.
    const left = join.jointype === 'JOIN_INNER' || join.jointype === 'JOIN_RIGHT' ? on : [];
    const right = join.jointype === 'JOIN_INNER' || join.jointype === 'JOIN_LEFT' ? on : [];
    collect(join.larg, [...restricting, ...left], out);
    collect(join.rarg, [...restricting, ...right], out);
  }
  // RangeSubselect: its SELECT is checked on its own by walk(); functions read no table.
}

function conjuncts(expr: unknown): unknown[] {
  if (!expr) return [];
  const bool = (expr as Node).BoolExpr as { boolop: string; args: unknown[] } | undefined;
  if (bool?.boolop === 'AND_EXPR') return bool.args.flatMap(conjuncts);
  return [expr];
}

function pinsTenant(condition: unknown, ref: string, sole: boolean, rules: Rules): boolean {
  const { tenantColumn } = rules;
  const op = (condition as Node).A_Expr as
    { kind: string; name: { String: { sval: string } }[]; lexpr: unknown; rexpr: unknown } | undefined;
  if (!op || op.kind !== 'AEXPR_OP' || op.name[0]?.String.sval !== '=') return false;
  const isColumn = (e: unknown) => {
    const fields = ((e as Node).ColumnRef as { fields: { String?: { sval: string } }[] } | undefined)?.fields;
    const names = fields?.map((f) => f.String?.sval);
    if (!names) return false;
    return names.length === 2
      ? names[0] === ref && names[1] === tenantColumn
      : sole && names[0] === tenantColumn;
  };
  const isOtherTenant = (e: unknown) => {
    const names = (
      (e as Node).ColumnRef as { fields: { String?: { sval: string } }[] } | undefined
    )?.fields.map((f) => f.String?.sval);
    return names?.length === 2 && names[0] !== ref && names[1] === tenantColumn;
  };
  const isValue = (e: unknown) =>
    rules.view ? isOtherTenant(e) : Boolean((e as Node).ParamRef ?? (e as Node).A_Const);
  return (isColumn(op.lexpr) && isValue(op.rexpr)) || (isColumn(op.rexpr) && isValue(op.lexpr));
}
