import {
  ENTITY_CATALOGUE,
  type StoreEntityName,
  type WarehouseEntityName,
} from '../../language/entities/entityCatalogue.js';
import type { EntityRepo } from '../../language/entities/entityRepo.js';
import { groupEntity } from '../../language/entities/groupEntity.js';
import { groupOwnedRepo } from '../../language/entities/groupOwnedRepo.js';
import { groupMemberEntity } from '../../access/admin/groupMemberEntity.js';
import { amsSchemaEntity } from '../amsSchemas/amsSchemaEntity.js';
import { athenaSyncRunEntity } from '../../language/entities/athenaSyncRunEntity.js';
import { keywordEntity } from '../../language/entities/keywordEntity.js';
import { promoPlanEntity } from '../../language/entities/promoPlanEntity.js';
import { productEntity } from '../../language/entities/productEntity.js';
import { cityListEntity } from '../../language/entities/cityListEntity.js';
import { categoryEntity } from '../../language/entities/categoryEntity.js';
import type { WarehouseEntityRepo } from '../../language/entities/warehouseEntity.js';
import { roleEntity } from '../../language/entities/roleEntity.js';
import { userEntity } from '../../access/admin/userEntity.js';
import {
  channelProfileEntity,
  crawlPageEntity,
  crawlRunEntity,
  crawlTimingEntity,
  modelSchemaEntity,
} from '../crawl/crawlEntities.js';

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
