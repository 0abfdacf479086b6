import type { AreaConfig, DatasetConfig, ScreenConfig } from '../../../shared/config.gen.js';
import type { AuthContext } from '../../access/auth/authContext.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import type { ConfigSnapshot, EndpointBinding } from '../../language/config/configRegistry.js';
import { indexDataset, type DatasetIndex } from '../../language/model/datasetIndex.js';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import type { ScreenTab } from '../../../shared/screenApi.js';
import type { FastifyRequest } from 'fastify';
import type { ConfigScope } from './configScope.js';

/**
 * Whether the caller may open a screen (a share-link viewer only its one screen, by name: the
 * product screens a shared extra screen reads are not opened whole).
 */
export function mayOpen(auth: AuthContext | null, screen: ScreenConfig): boolean {
  if (!auth || auth.groupId === null) return false;
  if (auth.readMode) return auth.readMode.screen === `${screen.area}/${screen.id}`;
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

/**
 * A data call naming a screen the product lacks (screenName) comes from one of the group's extra
 * screens (docs/config-storage.md): that screen must exist for the group now, and the endpoint must
 * be one of its widgets' queries (or its export). So a screen removed from the overlay, another
 * group's, or a made-up name answers 404, and an extra screen opens no endpoint it does not show.
 * A call naming a product screen, or none, is the product's as before.
 */
export function checkExtraScreenCall(
  data: ConfigSnapshot,
  presented: ConfigSnapshot,
  screenName: unknown,
  endpoint: string,
): void {
  if (typeof screenName !== 'string' || data.screens.has(screenName)) return;
  const extra = presented.screens.get(screenName);
  if (!extra) throw new NotFoundError(`Unknown screen "${screenName.slice(0, 80)}"`);
  const path = endpoint.replace(/\/export$/, '');
  if (!(extra.queries ?? []).some((q) => q.endpoint === path))
    throw new NotFoundError(`Screen "${screenName}" shows no "${path.slice(0, 120)}"`);
}

/**
 * A share-link viewer of a group's extra screen holds its source screens' activities only to read
 * that screen's data and filter options: every call must name the shared screen
 * (checkExtraScreenCall then limits it to the endpoints that screen shows; a suggestion is read
 * against that screen's filters), never a source screen's other endpoints or options.
 */
export function checkViewerOfExtraScreen(auth: AuthContext | null, screenName: unknown): void {
  const viewer = auth?.readMode;
  if (viewer?.sources && screenName !== viewer.screen)
    throw new ForbiddenError(`This link shows "${viewer.screen}" only`);
}

/**
 * A group's extra screen as the caller may see it: a widget whose data comes from a screen the
 * caller may not open (composeExtraScreen.ts) is left out with its query, as the data route would
 * refuse its calls. A product screen is served whole.
 */
export function withOpenWidgets(
  data: ConfigSnapshot,
  screen: ScreenConfig,
  auth: AuthContext | null,
): ScreenConfig {
  const key = `${screen.area}/${screen.id}`;
  if (data.screens.has(key)) return screen;
  const closed = new Set<string>();
  for (const q of screen.queries ?? []) {
    const binding = data.endpoints.get(q.endpoint);
    const owner = binding ? data.screens.get(boundScreenKey(binding, key)) : undefined;
    if (!owner || !auth || !mayOpenScreen(auth, owner.permission)) closed.add(q.id);
  }
  if (closed.size === 0) return screen;
  const shown = (w: ScreenConfig['widgets'][number]) =>
    !('query' in w && typeof w.query === 'string' && closed.has(w.query));
  const widgets = screen.widgets.filter(shown);
  const ids = new Set(widgets.map((w) => w.id));
  return {
    ...screen,
    widgets,
    queries: (screen.queries ?? []).filter((q) => !closed.has(q.id)),
    layout: widgets.filter((w) => ids.has(w.id)).map((w) => ({ kind: 'row' as const, widgets: [w.id] })),
  };
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
