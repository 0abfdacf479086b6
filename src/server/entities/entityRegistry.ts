import type { EntityName } from './entityCatalogue.js';
import type { EntityRepo } from './entityRepo.js';
import { groupEntity } from './groupEntity.js';
import { roleEntity } from './roleEntity.js';
import { userEntity } from './userEntity.js';

/** Each catalogue entity bound to its typed repository (a new entity: catalogue + repo + here). */
export const ENTITY_REGISTRY: Record<EntityName, EntityRepo> = {
  group: groupEntity,
  user: userEntity,
  role: roleEntity,
};
