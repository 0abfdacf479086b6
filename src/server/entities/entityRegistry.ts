import { ENTITY_CATALOGUE, type EntityName } from './entityCatalogue.js';
import type { EntityRepo } from './entityRepo.js';
import { groupEntity } from './groupEntity.js';
import { groupOwnedRepo } from './groupOwnedRepo.js';
import { athenaSyncRunEntity } from './athenaSyncRunEntity.js';

/** Each catalogue entity bound to its typed repository (a new entity: catalogue + repo + here). */
export const ENTITY_REGISTRY: Record<EntityName, EntityRepo> = {
  group: groupEntity,
  groupArg: groupOwnedRepo('group_args', ENTITY_CATALOGUE.groupArg),
  athenaSchemaType: groupOwnedRepo('athena_schema_types', ENTITY_CATALOGUE.athenaSchemaType),
  athenaSyncRun: athenaSyncRunEntity,
};
