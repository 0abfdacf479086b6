import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { ok } from '../../shared/envelope.js';
import type { ConfigProblemView } from '../../shared/configProblemView.js';
import { requireAdmin } from '../auth/guards.js';
import type { ConfigProblem } from '../config/configRegistry.js';
import { configProblemsSchema } from './routeSchemas.js';

/**
 * GET config/problems, for admins only: why the last edit of the screen files was refused (the
 * last good config keeps serving meanwhile), so the workspace can show it instead of the server log.
 */
export function registerConfigProblemsRoute(app: FastifyInstance): void {
  app.get('/config/problems', { schema: configProblemsSchema }, async (request) => {
    await requireAdmin(app.deps, request);
    app.deps.config.current(); // an edit since the last request is read (and judged) now
    const dir = app.deps.env.SCREENS_DIR;
    return ok({ problems: app.deps.config.lastProblems().map((p) => withPosition(dir, p)) });
  });
}

/** Adds the line:column (1-based) of the pointer's node, when the file parses that far. */
function withPosition(dir: string, problem: ConfigProblem): ConfigProblemView {
  const view: ConfigProblemView = { file: problem.file, pointer: problem.pointer, message: problem.message };
  let text: string;
  try {
    text = readFileSync(path.join(dir, problem.file), 'utf8');
  } catch {
    return view; // removed since: the file and pointer still say where
  }
  const tokens = problem.pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((t) => (/^\d+$/.test(t) ? Number(t) : t));
  const root = parseTree(text);
  const node = root && findNodeAtLocation(root, tokens);
  if (!node) return view;
  const before = text.slice(0, node.offset).split('\n');
  return { ...view, line: before.length, column: before.at(-1)!.length + 1 };
}
