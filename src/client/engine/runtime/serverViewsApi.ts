import type { FilterState } from '../../../shared/filters/index.js';
import type { Envelope } from '../../../shared/envelope.js';
import type { SavedViewRecord } from '../../../shared/screenApi.js';
import { http } from '../../api/http.js';
import type { SavedView, ViewsApi } from './savedViews.js';

/** Paging is never part of a view; the rest of the state is stored as is. */
function storable(filters: FilterState): Record<string, unknown> {
  const { offset: _offset, limit: _limit, ...rest } = filters;
  return rest;
}

/** Saved views on the server: per user, group and screen (`/api/v1/views`). */
export const serverViewsApi: ViewsApi = {
  async list(area, screen) {
    const res = await http.get<Envelope<SavedViewRecord<FilterState>[]>>('views', {
      params: { screen: `${area}/${screen}` },
    });
    return (res.data.data ?? []).map<SavedView>((v) => ({ id: v.id, name: v.name, filters: v.state }));
  },
  async save(area, screen, name, filters) {
    await http.post('views', { screen: `${area}/${screen}`, name: name.trim(), state: storable(filters) });
    return serverViewsApi.list(area, screen);
  },
  async remove(area, screen, view) {
    if (view.id !== undefined) await http.delete(`views/${view.id}`);
    return serverViewsApi.list(area, screen);
  },
};
