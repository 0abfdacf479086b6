import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import type { ConfigProblemView } from '../../../shared/configProblemView.js';
import { requireAdmin } from '../../access/auth/guards.js';
import type { ConfigProblem } from '../../language/config/configRegistry.js';
import { configProblemsSchema } from './routeSchemas.js';

/**
 * GET config/problems, for admins only: why the last edit of the screen files was refused (the
 * last good config keeps serving meanwhile), so the workspace can show it instead of the server log.
 */
export function registerConfigProblemsRoute(app: FastifyInstance): void {
  app.get('/config/problems', { schema: configProblemsSchema }, async (request) => {
    await requireAdmin(app.deps, request);
    app.deps.config.current(); // an edit since the last request is read (and judged) now
    return ok({ problems: app.deps.config.lastProblems().map(toView) });
  });
}

/** The reading pipeline already located each problem (line:column of its node, where it parses). */
function toView({ file, pointer, message, line, column }: ConfigProblem): ConfigProblemView {
  return { file, pointer, message, ...(line === undefined ? {} : { line, column: column ?? 1 }) };
}
