import type { StoreEntityName, WarehouseEntityName } from './entityCatalogue.js';
import type { EntityRepo } from './entityRepo.js';
import { groupEntity } from './groupEntity.js';
import { keywordEntity } from './keywordEntity.js';
import { promoPlanEntity } from './promoPlanEntity.js';
import type { WarehouseEntityRepo } from './warehouseEntity.js';
import { roleEntity } from './roleEntity.js';
import { userEntity } from './userEntity.js';

/** Each store entity bound to its typed repository (a new entity: catalogue + repo + here). */
export const ENTITY_REGISTRY: Record<StoreEntityName, EntityRepo> = {
  group: groupEntity,
  user: userEntity,
  role: roleEntity,
};

/** Each warehouse entity bound to its repository (rows the warehouse's datasets read). */
export const WAREHOUSE_ENTITY_REGISTRY: Record<WarehouseEntityName, WarehouseEntityRepo> = {
  promoPlan: promoPlanEntity,
  keyword: keywordEntity,
};
