/** Request bodies of the routes that add a marketplace (channelProfileRoutes.ts). */
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const template = { type: 'string', maxLength: 500 } as const;

export const profileSaveBody = {
  type: 'object',
  required: ['channel_id', 'channel_name', 'response_type', 'base_url', 'url_template', 'model_schema_id'],
  additionalProperties: false,
  properties: {
    channel_id: id,
    channel_name: { type: 'string', minLength: 1, maxLength: 120 },
    response_type: { type: 'string', enum: ['HTML', 'JSON'] },
    platform: { type: 'string', maxLength: 40, description: 'WEB or MOBILE APP; default by response type' },
    base_url: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: 'http(s)://host[:port] of the site',
    },
    url_template: { ...template, minLength: 1, description: 'A product page, with {sku} (and {city})' },
    allowed_hosts: {
      type: 'string',
      maxLength: 2000,
      description: 'host:port list, comma-separated; default: the base URL host',
    },
    model_schema_id: id,
    listing_schema_id: id,
    bestseller_schema_id: id,
    search_url_template: template,
    display_url_template: template,
    bestseller_url_template: template,
    concurrency: { type: 'integer', minimum: 1, maximum: 64 },
    requests_per_second: { type: 'integer', minimum: 1, maximum: 1000 },
    crawl_settings: {
      type: 'string',
      maxLength: 20_000,
      description: 'JSON: session, location, blocks, not_found_markers, render, robots, proxies, cities',
    },
  },
} as const;

export const sampleSaveBody = {
  type: 'object',
  required: ['channel_id', 'name', 'page'],
  additionalProperties: false,
  properties: {
    channel_id: id,
    name: { type: 'string', minLength: 1, maxLength: 80, description: 'Replaces the sample of this name' },
    status: { type: 'integer', minimum: 100, maximum: 599, default: 200 },
    page: {
      type: 'string',
      minLength: 1,
      maxLength: 512_000,
      description: 'The page as the site answered it',
    },
  },
} as const;

export const channelBody = {
  type: 'object',
  required: ['channel_id'],
  additionalProperties: false,
  properties: { channel_id: id },
} as const;

export interface ProfileSave {
  channel_id: number;
  channel_name: string;
  response_type: 'HTML' | 'JSON';
  platform?: string;
  base_url: string;
  url_template: string;
  allowed_hosts?: string;
  model_schema_id: number;
  listing_schema_id?: number;
  bestseller_schema_id?: number;
  search_url_template?: string;
  display_url_template?: string;
  bestseller_url_template?: string;
  concurrency?: number;
  requests_per_second?: number;
  crawl_settings?: string;
}
