import { http } from '../../../api/http.js';
import type { Envelope } from '../../../../shared/envelope.js';
import type { SlideViewConfig } from '../../../../shared/config.gen.js';

export interface SlideViewRecord {
  id: number;
  screen: string;
  name: string;
  view: SlideViewConfig;
  updatedAt: string;
}

export interface SourceScreen {
  screen: string;
  title: string;
  area: string;
  areaLabel: string;
}

export interface Datapoint {
  id: string;
  kind: string;
  title: string;
}

function data<T>(envelope: Envelope<T>): T {
  if (envelope.statusCode !== 1 || envelope.data === undefined) throw new Error(envelope.msg);
  return envelope.data;
}

/** The paxviz calls of the slide deck (docs/slides.md). */
export const slideApi = {
  async list(screen: string, offset: number) {
    const res = await http.get<Envelope<SlideViewRecord[]> & { total: number; readOnly: boolean }>(
      'paxviz/slideview/list',
      { params: { screen, offset } },
    );
    return { rows: data(res.data), total: res.data.total, readOnly: res.data.readOnly };
  },
  async matrix(screen: string) {
    return data(
      (await http.get<Envelope<SourceScreen[]>>('paxviz/slideview/matrix', { params: { screen } })).data,
    );
  },
  async datapoints(screen: string, source: string) {
    return data(
      (await http.get<Envelope<Datapoint[]>>('paxviz/datapoint', { params: { screen, source } })).data,
    );
  },
  async save(input: { id?: number; screen: string; name: string; view: SlideViewConfig }) {
    return data((await http.post<Envelope<{ id: number }>>('paxviz/slideview/save', input)).data).id;
  },
  async importFile(input: { screen: string; name: string; view: unknown }) {
    return data((await http.post<Envelope<{ id: number }>>('paxviz/slideview/import', input)).data).id;
  },
  async remove(id: number) {
    data((await http.delete<Envelope>(`paxviz/slideview/${id}`)).data);
  },
  /** A read-only share link to the deck (the read mode's paxviz token). */
  async share(id: number, screen: string) {
    const res = await http.post<Envelope<{ url: string }>>('paxviz/token', {
      view_id: id,
      menu_id: 0,
      menu_name: 'slides',
      screen,
    });
    return data(res.data).url;
  },
};
