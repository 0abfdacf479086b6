/**
 * Every published operation turned into concrete requests: config-named path parameters expanded
 * from the live config (each mutation, upload, bulk action, entity grid), data routes from the
 * monitoring screens, and every id-like field, parameter and path segment filled with an id of
 * the victim group, so a request "asks for another tenant's row" wherever it can.
 */
import type { ConfigSnapshot } from '../../../src/server/language/config/configRegistry.js';
import type { GridWidget } from '../../../src/shared/config.gen.js';
import { mutationBodySchema } from '../../../src/shared/mutations/mutationBodySchema.js';
import { monitoringQueries } from '../../../scripts/bench/monitoringQueries.js';
import type { JsonSchema, Operation } from './openApiOperations.js';
import { sampleOf, type FieldHint } from './schemaSample.js';
import { PROMO_SCREEN, VICTIM_GROUP, type TenantFixture } from './tenantFixture.js';

export interface MatrixRequest {
  op: Operation;
  method: string;
  /** Path and query under the server's root, e.g. /api/v1/views/12. */
  url: string;
  body?: unknown;
  /** The body's schema (a mutation's own for config-named mutations). */
  bodySchema?: JsonSchema;
  /** Path parameters as filled in, and the query: a sweep rebuilds the URL from these. */
  pathValues: Record<string, string>;
  query: URLSearchParams;
  multipart: boolean;
  /** The request names one of the victim's files (an export): a file answer is a leak. */
  asksForFile: boolean;
}

/** Values of config-named path parameters ({area}, {screen}, {mutation}, ...), one set per target. */
function configTargets(op: Operation, config: ConfigSnapshot, lastDate: string): Record<string, string>[] {
  const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const screens = [...config.screens.values()];
  const split = (key: string) => ({ area: key.split('/')[0]!, screen: key.split('/')[1]! });
  if (names.includes('*')) {
    // One data call per area (the whole data surface is tenantIsolation.test.ts's).
    const seen = new Set<string>();
    return monitoringQueries(config, lastDate)
      .filter((q) => !seen.has(q.screenKey.split('/')[0]!) && seen.add(q.screenKey.split('/')[0]!))
      .map((q) => ({ '*': q.endpoint, query: new URLSearchParams(q.params).toString() }));
  }
  if (names.includes('mutation'))
    return screens.flatMap((s) =>
      (s.mutations ?? []).flatMap((m): Record<string, string>[] =>
        names.includes('lookup')
          ? (m.lookups ?? []).map((l) => ({ ...split(`${s.area}/${s.id}`), mutation: m.id, lookup: l.id }))
          : [{ ...split(`${s.area}/${s.id}`), mutation: m.id, screenKey: `${s.area}/${s.id}` }],
      ),
    );
  if (names.includes('action'))
    return screens.flatMap((s) =>
      s.widgets
        .filter((w): w is GridWidget => w.kind === 'grid')
        .flatMap((g) =>
          (g.bulkActions ?? []).map((a) => ({ ...split(`${s.area}/${s.id}`), grid: g.id, action: a.id })),
        ),
    );
  if (names.includes('upload'))
    return screens.flatMap((s) =>
      (s.uploads ?? []).map((u) => ({ ...split(`${s.area}/${s.id}`), upload: u.id })),
    );
  if (names.includes('entity'))
    return screens.flatMap((s) => {
      const entities = new Set<string>();
      for (const w of s.widgets) if (w.kind === 'grid' && w.rows?.entity) entities.add(w.rows.entity);
      return [...entities].map((entity) => ({ ...split(`${s.area}/${s.id}`), entity }));
    });
  return [{}];
}

/** The victim's id for a field or parameter called `name` on `path`, or undefined. */
function victimIdHint(path: string, fx: TenantFixture, marks: Set<string>): FieldHint {
  const { ids } = fx;
  const idOn: [RegExp, number, boolean?][] = [
    [/alert-rules/, ids.alertRule],
    [/inbox\/cases/, ids.inboxCase],
    [/report-mailer-runs/, ids.mailerRun],
    [/report-mailers/, ids.mailer],
    [/\/views/, ids.view],
    [/\/user\/(edit|\{id\})|user\/changeUserStatus|resendVerification/, ids.canaryUser],
    [/exports|s3\/file|report\/download/, ids.exportFile, true],
    [/paxviz\/token\/revoke/, ids.promoLink],
    [/slideview/, ids.slide, true],
    [/roledelete|\/role$/, ids.canaryRole],
  ];
  return (name, schema) => {
    if (name === 'id' || name === 'viewId') {
      const hit = idOn.find(([re]) => re.test(path));
      if (hit?.[2]) marks.add('file');
      return hit ? hit[1] : 1;
    }
    if (/^(group_id|groupId)$/.test(name)) return VICTIM_GROUP;
    if (name === 'group_ids') return String(VICTIM_GROUP);
    if (/^(user_id|user_ids)$/.test(name)) return name.endsWith('s') ? [ids.canaryUser] : ids.canaryUser;
    if (name === 'role_id') return ids.adminRole;
    if (name === 'ids') return ids.alertIds;
    if (name === 'area') return PROMO_SCREEN.split('/')[0];
    // config/screen takes area and screen apart; every other screen field is 'area/screen'.
    if (name === 'screen' && schema.pattern && !new RegExp(schema.pattern).test(PROMO_SCREEN))
      return PROMO_SCREEN.split('/')[1];
    if (/^(screen|screenName)$/.test(name)) return PROMO_SCREEN;
    if (name === 'slice') return JSON.stringify({ channel_id: 1 });
    if (name === 'activity_id') return [1];
    if (/^(username|user_name|email)$/.test(name)) return 'demo@shelfscope.test';
    if (name === 'object_array')
      return JSON.stringify([{ group_id: VICTIM_GROUP, role_id: ids.adminRole, status: true }]);
    if (/token/.test(name)) return 'not-a-token';
    if (/password/.test(name)) return 'Wrong@2026!';
    return undefined;
  };
}

export function matrixRequests(
  ops: Operation[],
  config: ConfigSnapshot,
  lastDate: string,
  fx: TenantFixture,
): MatrixRequest[] {
  const out: MatrixRequest[] = [];
  for (const op of ops) {
    for (const target of configTargets(op, config, lastDate)) {
      const marks = new Set<string>();
      const hint = victimIdHint(op.path, fx, marks);
      let path = op.path;
      const pathValues: Record<string, string> = {};
      for (const p of op.params.filter((x) => x.in === 'path')) {
        const value =
          target[p.name] ??
          (p.name === 'source' ? 'brand' : p.name === 'draftId' ? 'matrix' : undefined) ??
          sampleOf(p.schema, p.name, hint);
        pathValues[p.name] = String(value);
        path = path.replace(
          `{${p.name}}`,
          p.name === '*' ? String(value) : encodeURIComponent(String(value)),
        );
      }
      const query = new URLSearchParams(target.query ?? '');
      for (const p of op.params.filter((x) => x.in === 'query')) {
        // A data route's schema names `type` and `additionalProperties` as if they were filters.
        if (query.has(p.name) || (target.query !== undefined && p.name !== 'screenName')) continue;
        const value = sampleOf(p.schema, p.name, hint);
        if (value !== undefined && value !== null)
          query.set(
            p.name,
            Array.isArray(value) ? value.join(',') : JSON.stringify(value).replace(/^"|"$/g, ''),
          );
      }
      const mutation = target.mutation
        ? config.screens.get(target.screenKey ?? '')?.mutations?.find((m) => m.id === target.mutation)
        : undefined;
      const bodySchema: JsonSchema | undefined = mutation
        ? op.path.includes('/verify/')
          ? op.body
          : mutationBodySchema(mutation)
        : op.body;
      const multipart = /multipart/i.test(JSON.stringify(op.body ?? ''));
      const body =
        op.method === 'GET' || op.method === 'DELETE' || multipart
          ? undefined
          : (sampleOf(bodySchema, '', hint) ?? {});
      const qs = query.toString();
      out.push({
        op,
        method: op.method,
        url: `${path}${qs ? `?${qs}` : ''}`,
        body,
        bodySchema,
        pathValues,
        query,
        multipart,
        asksForFile: marks.has('file'),
      });
    }
  }
  return out;
}
