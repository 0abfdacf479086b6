import type { FastifyRequest } from 'fastify';
import type { MutationNode, ScreenConfig } from '../../shared/config.gen.js';
import { NotFoundError } from '../../shared/errors.js';
import { requireActivity } from '../auth/requireActivity.js';
import { requireUser, type ActiveAuth } from '../auth/guards.js';
import type { ConfigSnapshot } from '../config/configRegistry.js';
import { ENTITY_REGISTRY } from '../entities/entityRegistry.js';
import { isEntityName } from '../entities/entityCatalogue.js';
import type { EntityRepo } from '../entities/entityRepo.js';

export interface MutationParams {
  area: string;
  screen: string;
  mutation: string;
}

export interface ResolvedMutation {
  screen: ScreenConfig;
  mutation: MutationNode;
  repo: EntityRepo;
  /** The activity the caller holds for this write (the mutation's, else the screen's). */
  permission: string;
  auth: ActiveAuth;
}

/**
 * The mutation a route names, looked up in the live config, and the caller's right to run it:
 * a logged-in user (never a share-link viewer) whose role in the session's group grants the
 * permission. 404 for an unknown screen or mutation, 401/403 otherwise.
 */
export function resolveMutation(
  snapshot: ConfigSnapshot,
  request: FastifyRequest,
  params: MutationParams,
): ResolvedMutation {
  requireUser(request);
  const screen = snapshot.screens.get(`${params.area}/${params.screen}`);
  const mutation = screen?.mutations?.find((m) => m.id === params.mutation);
  if (!screen || !mutation || !isEntityName(mutation.entity))
    throw new NotFoundError(`Unknown mutation "${params.area}/${params.screen}/${params.mutation}"`);
  const permission = mutation.permission ?? screen.permission;
  const auth = requireActivity(request, permission);
  return { screen, mutation, repo: ENTITY_REGISTRY[mutation.entity], permission, auth };
}
