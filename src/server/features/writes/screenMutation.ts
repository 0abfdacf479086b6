import type { FastifyRequest } from 'fastify';
import type { MutationNode, ScreenConfig } from '../../../shared/config.gen.js';
import { NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { requireUser, type ActiveAuth } from '../../access/auth/guards.js';
import { requirePlatformStaff } from '../../access/auth/requirePlatformStaff.js';
import { PLATFORM_ACTION_REFUSED, PLATFORM_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import type { Db } from '../../language/entities/entityRepo.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { ENTITY_REGISTRY, WAREHOUSE_ENTITY_REGISTRY } from './entityRegistry.js';
import { isEntityName, isWarehouseEntity } from '../../language/entities/entityCatalogue.js';
import type { EntityRepo } from '../../language/entities/entityRepo.js';
import type { WarehouseEntityRepo } from '../../language/entities/warehouseEntity.js';

export interface MutationParams {
  area: string;
  screen: string;
  mutation: string;
}

interface Resolved {
  screen: ScreenConfig;
  mutation: MutationNode;
  /** The activity the caller holds for this write (the mutation's, else the screen's). */
  permission: string;
  auth: ActiveAuth;
}

/** A store entity's write (one store transaction) or a warehouse entity's (runWarehouseMutation). */
export type ResolvedMutation = Resolved & { home: 'store'; repo: EntityRepo };
export type ResolvedWarehouseMutation = Resolved & { home: 'warehouse'; repo: WarehouseEntityRepo };

/**
 * The mutation a route names, looked up in the live config, and the caller's right to run it:
 * a logged-in user (never a share-link viewer) whose role in the session's group grants the
 * permission. 404 for an unknown screen or mutation, 401/403 otherwise.
 */
export function resolveMutation(
  snapshot: ConfigSnapshot,
  request: FastifyRequest,
  params: MutationParams,
): ResolvedMutation | ResolvedWarehouseMutation {
  requireUser(request);
  const screen = snapshot.screens.get(`${params.area}/${params.screen}`);
  const mutation = screen?.mutations?.find((m) => m.id === params.mutation);
  if (!screen || !mutation || !isEntityName(mutation.entity))
    throw new NotFoundError(`Unknown mutation "${params.area}/${params.screen}/${params.mutation}"`);
  const permission = mutation.permission ?? screen.permission;
  const auth = requireActivity(request, permission);
  const entity = mutation.entity;
  if (isWarehouseEntity(entity))
    return { screen, mutation, permission, auth, home: 'warehouse', repo: WAREHOUSE_ENTITY_REGISTRY[entity] };
  return { screen, mutation, permission, auth, home: 'store', repo: ENTITY_REGISTRY[entity] };
}

/**
 * A mutation whose permission is a platform activity (Create Account's group create) is platform
 * staff's: anyone else signed in is refused (403) and the attempt audited (docs/principals.md), where
 * resolveMutation would only answer "Access denied". Unknown mutations are left to it (404).
 */
export async function guardPlatformMutation(
  db: Db,
  snapshot: ConfigSnapshot,
  request: FastifyRequest,
  params: MutationParams,
): Promise<void> {
  const screen = snapshot.screens.get(`${params.area}/${params.screen}`);
  const mutation = screen?.mutations?.find((m) => m.id === params.mutation);
  if (!screen || !mutation) return;
  const permission = mutation.permission ?? screen.permission;
  if (!PLATFORM_ACTIVITIES.includes(permission)) return;
  const tenant =
    isEntityName(mutation.entity) && !isWarehouseEntity(mutation.entity)
      ? ENTITY_REGISTRY[mutation.entity].createsTenant === true
      : false;
  await requirePlatformStaff(db, request, {
    message: tenant ? PLATFORM_ACTION_REFUSED.createGroup : PLATFORM_ACTION_REFUSED.platformScreen,
    entity: mutation.entity,
    asked: { mutation: `${params.area}/${params.screen}/${params.mutation}` },
  });
}
