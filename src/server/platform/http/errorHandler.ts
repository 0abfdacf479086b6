import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, GENERIC_ERROR_MESSAGE, type FieldProblem } from '../../../shared/errors.js';
import { fail } from '../../../shared/envelope.js';

/**
 * Turns every thrown error into the spec's envelope. Our own errors keep their status and
 * message; schema failures become 400 with every problem listed; anything else is a generic 500
 * that leaks no internals (the details go to the log).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(fail(error.message, { problems: error.problems }));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const problems: FieldProblem[] = fastifyError.validation.map((v) => ({
        path: `${fastifyError.validationContext ?? 'body'}${v.instancePath || ''}`,
        message: v.message ?? 'is invalid',
      }));
      const msg = problems.map((p) => `${p.path} ${p.message}`).join('; ');
      return reply.status(400).send(fail(msg, { problems }));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(GENERIC_ERROR_MESSAGE));
  });
}
