import { ENTITY_CATALOGUE, type StoreEntityName, type WarehouseEntityName } from './entityCatalogue.js';
import type { EntityRepo } from './entityRepo.js';
import { groupEntity } from './groupEntity.js';
import { groupOwnedRepo } from './groupOwnedRepo.js';
import { groupMemberEntity } from './groupMemberEntity.js';
// eslint-disable-next-line import-x/no-restricted-paths -- a known upward import, listed in docs/architecture.md
import { amsSchemaEntity } from '../../features/amsSchemas/amsSchemaEntity.js';
import { athenaSyncRunEntity } from './athenaSyncRunEntity.js';
import { keywordEntity } from './keywordEntity.js';
import { promoPlanEntity } from './promoPlanEntity.js';
import { productEntity } from './productEntity.js';
import { cityListEntity } from './cityListEntity.js';
import { categoryEntity } from './categoryEntity.js';
import type { WarehouseEntityRepo } from './warehouseEntity.js';
import { roleEntity } from './roleEntity.js';
import { userEntity } from './userEntity.js';
import {
  channelProfileEntity,
  crawlPageEntity,
  crawlRunEntity,
  crawlTimingEntity,
  modelSchemaEntity,
} from './crawlEntities.js';

/** Each store entity bound to its typed repository (a new entity: catalogue + repo + here). */
export const ENTITY_REGISTRY: Record<StoreEntityName, EntityRepo> = {
  group: groupEntity,
  user: userEntity,
  role: roleEntity,
  groupMember: groupMemberEntity,
  groupArg: groupOwnedRepo('group_args', ENTITY_CATALOGUE.groupArg),
  athenaSchemaType: groupOwnedRepo('athena_schema_types', ENTITY_CATALOGUE.athenaSchemaType),
  athenaSyncRun: athenaSyncRunEntity,
  amsSchema: amsSchemaEntity,
  crawlRun: crawlRunEntity,
  crawlPage: crawlPageEntity,
  modelSchema: modelSchemaEntity,
  channelProfile: channelProfileEntity,
  crawlTiming: crawlTimingEntity,
};

/** Each warehouse entity bound to its repository (rows the warehouse's datasets read). */
export const WAREHOUSE_ENTITY_REGISTRY: Record<WarehouseEntityName, WarehouseEntityRepo> = {
  promoPlan: promoPlanEntity,
  keyword: keywordEntity,
  product: productEntity,
  category: categoryEntity,
  trackedCity: cityListEntity,
};
