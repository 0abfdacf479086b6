import { http } from '../api/http.js';
import type { Envelope } from '../../shared/envelope.js';

export interface SchemaRow {
  id: number;
  name: string;
  crawl_type: number;
  response_type: string;
  schema_json: string;
}
export interface ProfileRow {
  channel_id: number;
  channel_name: string;
  response_type: string;
  model_schema_id: number | null;
}
export interface TestAnswer {
  url: string;
  fields: Record<string, string | number | null>;
}
export interface SchemaDraft {
  name: string;
  crawl_type: number;
  response_type: string;
  schema: string;
}

async function data<T>(call: Promise<{ data: Envelope<T> }>): Promise<Envelope<T>> {
  return (await call).data;
}

/** The model-schema editor's calls (docs/crawl.md "Routes"). */
export const modelSchemaApi = {
  crawlTypes: () => data<{ id: number; name: string }[]>(http.get('crawl/types')),
  schemas: () => data<SchemaRow[]>(http.get('modelschemas/list')),
  profiles: () => data<ProfileRow[]>(http.get('channelprofile/list')),
  test: (channelId: number, schema: string, responseType: string) =>
    data<TestAnswer>(
      http.post('modelschemas/test', { channel_id: channelId, schema, response_type: responseType }),
    ),
  insert: (draft: SchemaDraft) => data<{ id: number }>(http.post('modelschemas/insert', draft)),
  update: (id: number, { response_type: _fixed, ...draft }: SchemaDraft) =>
    data<{ id: number }>(http.put('modelschemas/update', { id, ...draft })),
};
