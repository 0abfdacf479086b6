import { describe, expect, it } from 'vitest';
import { CREATABLE_WAREHOUSE_ENTITIES, DELETABLE_ENTITIES } from '../../language/entities/entityCatalogue.js';
import { ENTITY_REGISTRY, WAREHOUSE_ENTITY_REGISTRY } from './entityRegistry.js';

/** The config check reads the catalogue's operation lists; the repositories must run exactly those. */
describe('the entity registry and the catalogue', () => {
  it('deletes the store entities the catalogue lists as deletable, and no other', () => {
    const withRemove = Object.entries(ENTITY_REGISTRY)
      .filter(([, repo]) => repo.remove !== undefined)
      .map(([name]) => name);
    expect(withRemove.sort()).toEqual([...DELETABLE_ENTITIES].sort());
  });

  it('creates the warehouse entities the catalogue lists as creatable, and no other', () => {
    const withCreate = Object.entries(WAREHOUSE_ENTITY_REGISTRY)
      .filter(([, repo]) => repo.create !== undefined)
      .map(([name]) => name);
    expect(withCreate.sort()).toEqual([...CREATABLE_WAREHOUSE_ENTITIES].sort());
  });
});
