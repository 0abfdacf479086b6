import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { FAQ_MSG, FAQ_TEXT_MAX } from '../../../shared/support/faqRules.js';
import { requireStaff } from '../../access/auth/guards.js';
import { idSchema } from '../../platform/http/ids.js';
import { objectAnswer } from '../../platform/http/schemaKit.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import './faqsTable.js';

// Lengths are checked in the handler so an empty field gets the product's words, not ajv's.
const entryBody = {
  type: 'object',
  required: ['question', 'answer'],
  additionalProperties: false,
  properties: {
    question: { type: 'string', maxLength: 20_000 },
    answer: { type: 'string', maxLength: 20_000 },
    position: { type: 'integer', minimum: 1, maximum: 10_000 },
  },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

interface Entry {
  question: string;
  answer: string;
  position?: number;
}

function checked(body: Entry): { question: string; answer: string } {
  const question = body.question.trim();
  const answer = body.answer.trim();
  const problems = [
    ...(question ? [] : [{ path: 'question', message: FAQ_MSG.noQuestion }]),
    ...(answer ? [] : [{ path: 'answer', message: FAQ_MSG.noAnswer }]),
    ...(question.length > FAQ_TEXT_MAX || answer.length > FAQ_TEXT_MAX
      ? [{ path: question.length > FAQ_TEXT_MAX ? 'question' : 'answer', message: FAQ_MSG.tooLong }]
      : []),
  ];
  if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
  return { question, answer };
}

/**
 * The FAQ's entries (user/faqs/list reads them, sessionPaths.ts), written by platform staff: one
 * FAQ for every group, so no group's admin may change it. Each write is audited.
 */
export function registerFaqRoutes(app: FastifyInstance): void {
  const db = app.deps.store.db;
  /** The entry `id`, or 404 with the FAQ's message. */
  const existing = async (id: number) => {
    const row = await db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError(FAQ_MSG.notFound);
    return row;
  };
  const audited = (actor: number, id: number, action: string, before: unknown, after: unknown) =>
    auditChange(db, { actor, groupId: null, entity: 'faq', entityId: id, action, before, after });

  app.post<{ Body: Entry }>(
    '/user/faqs',
    { schema: { summary: 'Add a FAQ entry (platform staff)', body: entryBody, response: objectAnswer } },
    async (request) => {
      const auth = requireStaff(request);
      const entry = checked(request.body);
      const last = await db
        .selectFrom('faqs')
        .select((eb) => eb.fn.max('position').as('p'))
        .executeTakeFirst();
      const position = request.body.position ?? Number(last?.p ?? 0) + 1;
      const row = await db
        .insertInto('faqs')
        .values({ ...entry, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audited(auth.userId, row.id, 'faq.added', null, { ...entry, position });
      return ok({ id: row.id }, FAQ_MSG.saved);
    },
  );

  app.put<{ Params: { id: number }; Body: Entry }>(
    '/user/faqs/:id',
    {
      schema: {
        summary: 'Edit a FAQ entry (platform staff)',
        params: idParams,
        body: entryBody,
        response: objectAnswer,
      },
    },
    async (request) => {
      const auth = requireStaff(request);
      const entry = checked(request.body);
      const before = await existing(request.params.id);
      const after = { ...entry, position: request.body.position ?? before.position };
      await db.transaction().execute(async (tx) => {
        // Moving an entry to a place pushes the ones from there down by one.
        if (after.position !== before.position)
          await tx
            .updateTable('faqs')
            .set((eb) => ({ position: eb('position', '+', 1) }))
            .where('position', '>=', after.position)
            .where('id', '<>', before.id)
            .execute();
        await tx.updateTable('faqs').set(after).where('id', '=', before.id).execute();
      });
      await audited(auth.userId, before.id, 'faq.edited', before, after);
      return ok({ id: before.id }, FAQ_MSG.saved);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/user/faqs/:id',
    { schema: { summary: 'Remove a FAQ entry (platform staff)', params: idParams, response: objectAnswer } },
    async (request) => {
      const auth = requireStaff(request);
      const before = await existing(request.params.id);
      await db.deleteFrom('faqs').where('id', '=', before.id).execute();
      await audited(auth.userId, before.id, 'faq.removed', before, null);
      return ok({ id: before.id }, FAQ_MSG.removed);
    },
  );
}
