import type { FastifyPluginCallback } from 'fastify';
import { ADMIN_ACTIVITIES as A } from '../../../shared/admin/adminActivities.js';
import { idSchema, INT32_MAX } from '../../platform/http/ids.js';
import { answers } from '../../platform/http/schemaKit.js';
import { success } from '../auth/reply.js';
import type { AuthKit } from '../auth/kit.js';
import { adminScope } from './adminScope.js';

interface LogQuery {
  user_id?: number;
  group_id?: number;
  action?: string;
  start_date?: string;
  end_date?: string;
  limit: number;
  offset: number;
}

const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** Client logs: the audit trail of the caller's groups, filtered by user, group, action and date, paged. */
export function logAdminRoutes(kit: AuthKit): FastifyPluginCallback {
  const deps = kit.deps;
  const db = deps.store.db;
  return (app, _opts, done) => {
    app.get<{ Querystring: LogQuery }>(
      '/admin/logs',
      {
        schema: {
          summary: 'Audit trail of the caller’s groups (client logs)',
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              user_id: idSchema,
              group_id: idSchema,
              action: { type: 'string', maxLength: 100 },
              start_date: date,
              end_date: date,
              limit: { type: 'integer', minimum: 1, maximum: 500, default: 10 },
              offset: { type: 'integer', minimum: 0, maximum: INT32_MAX, default: 0 },
            },
          },
          response: answers(),
        },
      },
      async (request) => {
        const scope = await adminScope(deps, request, A.clientLogs.url);
        const q = request.query;
        if (q.group_id) scope.check(q.group_id);
        const groups = q.group_id ? [q.group_id] : scope.groups;
        if (groups.length === 0) return success({ total: 0, rows: [] });
        let base = db
          .selectFrom('audit_log as a')
          .leftJoin('users as u', 'u.id', 'a.actor_user_id')
          .leftJoin('groups as g', 'g.id', 'a.group_id')
          .where('a.group_id', 'in', groups);
        if (q.user_id) base = base.where('a.actor_user_id', '=', q.user_id);
        if (q.action) base = base.where('a.action', '=', q.action);
        if (q.start_date) base = base.where('a.created_at', '>=', new Date(`${q.start_date}T00:00:00Z`));
        if (q.end_date)
          base = base.where(
            'a.created_at',
            '<',
            new Date(Date.parse(`${q.end_date}T00:00:00Z`) + 86_400_000),
          );
        const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const rows = await base
          .select([
            'a.id',
            'a.created_at as at',
            'a.actor_user_id as user_id',
            'u.user_name',
            'a.group_id',
            'g.group_name',
            'a.entity',
            'a.target',
            'a.action',
            'a.detail',
          ])
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute();
        return success({ total: Number(total.n), rows });
      },
    );
    done();
  };
}
