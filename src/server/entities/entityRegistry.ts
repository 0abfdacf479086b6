import type { EntityName } from './entityCatalogue.js';
import type { EntityRepo } from './entityRepo.js';
import { groupEntity } from './groupEntity.js';
import {
  channelProfileEntity,
  crawlPageEntity,
  crawlRunEntity,
  crawlTimingEntity,
  modelSchemaEntity,
} from './crawlEntities.js';

/** Each catalogue entity bound to its typed repository (a new entity: catalogue + repo + here). */
export const ENTITY_REGISTRY: Record<EntityName, EntityRepo> = {
  group: groupEntity,
  crawlRun: crawlRunEntity,
  crawlPage: crawlPageEntity,
  modelSchema: modelSchemaEntity,
  channelProfile: channelProfileEntity,
  crawlTiming: crawlTimingEntity,
};
