import type { StoreReadableEntity } from '../../language/entities/entityReads.js';
import type { ReadRepo } from '../../language/entities/entityRepo.js';
import { ENTITY_REGISTRY } from './entityRegistry.js';
import { auditEntryReads } from '../../language/entities/auditEntryReads.js';

/** What grids read: every writable entity's repo, plus the read-only entities (entityReads.ts). */
export const READ_REGISTRY: Record<StoreReadableEntity, ReadRepo> = {
  ...ENTITY_REGISTRY,
  auditEntry: auditEntryReads,
};
