import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import type { ActiveAuth } from '../../access/auth/guards.js';

/**
 * The caller, checked as the screen that shows this data checks it (its permission in the live
 * config): 401 without a session, 403 without the screen.
 */
export function requireScreen(request: FastifyRequest, screenKey: string): ActiveAuth {
  const screen = request.server.deps.config.current().screens.get(screenKey);
  if (!screen) throw new NotFoundError('page not found');
  return requireActivity(request, screen.permission);
}
