import type { ModelSchema } from '../../../shared/crawl/modelSchemaRules.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { ChannelProfileRow, CrawlRepo } from './crawlRepo.js';
import { extractHtml, extractJson, type FieldValue } from './extractFields.js';
import { loadCrawlInputs } from './listingContext.js';
import { profileLimits } from './profileLimits.js';
import type { CrawlOutbound } from './crawlTypes.js';
import { fetchSample } from './fetchSample.js';

/**
 * The editor's Test button: runs a schema against the channel's stored sample page (fetched once,
 * from the first tracked page, through the crawler's limits) and returns the extracted fields.
 */
export async function testModelSchema(
  wh: Warehouse,
  repo: CrawlRepo,
  profile: ChannelProfileRow,
  schema: ModelSchema,
  outbound: CrawlOutbound,
): Promise<{ url: string; fields: Record<string, FieldValue> }> {
  let sample = profile.sample_page;
  let url = 'stored sample';
  if (sample === '') {
    const [input] = await loadCrawlInputs(
      wh,
      profile.group_id,
      profile.channel_id,
      '9999-12-31',
      profile.base_url,
      profile.url_template,
    );
    if (!input) return { url: '', fields: {} };
    url = input.url;
    sample = await fetchSample(input, profileLimits(profile, outbound));
    await repo.saveSample(profile.id, sample);
  }
  if (profile.response_type === 'JSON') {
    let json: unknown = null;
    try {
      json = JSON.parse(sample);
    } catch {
      /* an unreadable sample extracts nothing: every field shows its default */
    }
    return { url, fields: extractJson(json, schema.dataModel) };
  }
  return { url, fields: extractHtml(sample, schema.dataModel) };
}
