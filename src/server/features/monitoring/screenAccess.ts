import type { AreaConfig, DatasetConfig, ScreenConfig } from '../../../shared/config.gen.js';
import type { AuthContext } from '../../access/auth/authContext.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import type { ConfigSnapshot, EndpointBinding } from '../../language/config/configRegistry.js';
import { indexDataset, type DatasetIndex } from '../../language/model/datasetIndex.js';
import { NotFoundError } from '../../../shared/errors.js';
import type { ScreenTab } from '../../../shared/screenApi.js';
import type { FastifyRequest } from 'fastify';
import type { ConfigScope } from './configScope.js';

/** Whether the caller may open a screen (a share-link viewer only its one screen). */
export function mayOpen(auth: AuthContext | null, screen: ScreenConfig): boolean {
  if (!auth || auth.groupId === null) return false;
  return mayOpenScreen(auth, screen.permission);
}

/** The area's tabs the caller may open, in the area's order. */
export function allowedTabs(
  snapshot: ConfigSnapshot,
  area: AreaConfig,
  auth: AuthContext | null,
): ScreenTab[] {
  const tabs: ScreenTab[] = [];
  for (const id of area.tabs) {
    const screen = snapshot.screens.get(`${area.id}/${id}`);
    if (screen && mayOpen(auth, screen))
      tabs.push({ id, title: screen.title, url: `/workspace/${area.id}/${id}` });
  }
  return tabs;
}

/**
 * The screen a call to an endpoint comes from: the one its screenName names when that is a screen
 * of an area extending the endpoint's (schemas/README.md "extends"), else the endpoint's own.
 */
export function boundScreenKey(binding: EndpointBinding, screenName: unknown): string {
  return typeof screenName === 'string' && binding.variants?.includes(screenName)
    ? screenName
    : binding.screenKey;
}

/**
 * The product screen a screen name stands for in data answers: itself, or for a group's extra
 * screen (docs/config-storage.md) the product screen it was built from, whose activity it carries.
 */
export function productScreenKey(
  snapshot: ConfigSnapshot,
  scope: Pick<ConfigScope, 'presented'>,
  request: FastifyRequest,
  key: string,
): string {
  if (snapshot.screens.has(key)) return key;
  return scope.presented?.(request).screens.get(key)?.permission ?? key;
}

export function findScreen(snapshot: ConfigSnapshot, key: string): ScreenConfig {
  const screen = snapshot.screens.get(key);
  if (!screen) throw new NotFoundError(`Unknown screen "${key.slice(0, 80)}"`);
  return screen;
}

// Indexes are rebuilt only when a reload brings a new dataset object.
const indexes = new WeakMap<DatasetConfig, DatasetIndex>();

export function datasetOf(snapshot: ConfigSnapshot, screen: ScreenConfig): DatasetIndex {
  const config = screen.dataset ? snapshot.datasets.get(screen.dataset) : undefined;
  if (!config) throw new NotFoundError(`Screen ${screen.permission} has no dataset`);
  let index = indexes.get(config);
  if (!index) {
    index = indexDataset(config);
    indexes.set(config, index);
  }
  return index;
}
