import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import {
  SUPPORT_MSG,
  SUPPORT_TEXT_MAX,
  TICKET_STATUSES,
  type TicketStatus,
} from '../../../shared/support/supportRules.js';
import { requireStaff, requireUser } from '../../access/auth/guards.js';
import { idSchema, INT32_MAX } from '../../platform/http/ids.js';
import { answers, noBody, objectAnswer } from '../../platform/http/schemaKit.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { supportTicketMail } from '../../platform/mail/templates.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { TicketRepo } from './ticketRepo.js';

// Text length is checked in the handler: an empty or long request gets the product's words, not ajv's.
const sendBody = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: {
    text: { type: 'string', maxLength: 100_000 },
    screen: { type: 'string', maxLength: 300 },
  },
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...TICKET_STATUSES] },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: INT32_MAX, default: 0 },
  },
} as const;

type ListQuery = { status?: TicketStatus; limit: number; offset: number };

/**
 * Feedback & Support (workspace/feedbackSupport/form): a signed-in user sends a request, stored as
 * a ticket and mailed to SUPPORT_EMAIL; the sender lists their own; platform staff list all and close them.
 */
export function registerSupportRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;
  const repo = new TicketRepo(db);
  const mailer = createMailer(app.deps.env, app.log);

  app.post<{ Body: { text: string; screen?: string } }>(
    '/support/tickets',
    { schema: { summary: 'Send a Feedback & Support request', body: sendBody, response: objectAnswer } },
    async (request) => {
      const auth = requireUser(request);
      const text = request.body.text.trim();
      if (!text) throw new BadRequestError(SUPPORT_MSG.empty, [{ path: 'text', message: SUPPORT_MSG.empty }]);
      if (text.length > SUPPORT_TEXT_MAX)
        throw new BadRequestError(SUPPORT_MSG.tooLong, [{ path: 'text', message: SUPPORT_MSG.tooLong }]);
      const screen = (request.body.screen ?? '').trim();
      const row = await repo.add({ groupId: auth.groupId, userId: auth.userId, screen, text });
      await auditChange(db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'supportTicket',
        entityId: row.id,
        action: 'support.sent',
        after: { screen, status: 'open' },
      });
      const names = await repo.names(auth.userId, auth.groupId);
      // The ticket is stored whatever the mail does: staff still see it in the product.
      await mailer
        .send(
          supportTicketMail(app.deps.env.SUPPORT_EMAIL, {
            id: row.id,
            ...names,
            screen,
            text,
            at: row.created_at,
          }),
        )
        .catch((err: unknown) => request.log.error({ err, ticket: row.id }, 'support mail not sent'));
      return ok({ id: row.id }, SUPPORT_MSG.sent);
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/support/tickets',
    {
      schema: {
        summary: "The caller's own requests, newest first",
        querystring: listQuery,
        response: answers(),
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return ok(await repo.list({ ...request.query, userId: auth.userId }));
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/support/tickets/all',
    {
      schema: {
        summary: 'Every request, newest first (platform staff)',
        querystring: listQuery,
        response: answers(),
      },
    },
    async (request) => {
      requireStaff(request);
      return ok(await repo.list(request.query));
    },
  );

  app.put<{ Params: { id: number } }>(
    '/support/tickets/:id/close',
    {
      schema: {
        summary: 'Close a request (platform staff)',
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        body: noBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const auth = requireStaff(request);
      const ticket = await repo.find(request.params.id);
      if (!ticket) throw new NotFoundError(SUPPORT_MSG.notFound);
      if (await repo.close(ticket.id, auth.userId))
        await auditChange(db, {
          actor: auth.userId,
          groupId: ticket.group_id,
          entity: 'supportTicket',
          entityId: ticket.id,
          action: 'support.closed',
          before: { status: ticket.status },
          after: { status: 'closed' },
        });
      return ok({ id: ticket.id, status: 'closed' }, SUPPORT_MSG.closed);
    },
  );
}
