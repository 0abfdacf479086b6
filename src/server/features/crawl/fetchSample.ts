import { BadRequestError } from '../../../shared/errors.js';
import type { CrawlInput, CrawlProfile } from './crawlTypes.js';
import { crawlAgent, fetchPage, PageError } from './fetchPage.js';
import { refusedBeforeConnect } from './crawlOutbound.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';

/** One page's text through the crawler's host list and limits, for the schema editor's sample. */
export async function fetchSample(input: CrawlInput, profile: CrawlProfile): Promise<string> {
  const url = new URL(input.url);
  if (!profile.allowedHosts.includes(url.host)) {
    throw new BadRequestError('The sample page is not on a host configured for this channel');
  }
  if (refusedBeforeConnect(url, profile.outbound)) throw new BadRequestError(DESTINATION_REFUSED);
  const agent = crawlAgent(profile);
  try {
    const page = await fetchPage(input.url, profile, agent);
    if (page.status !== 200) throw new BadRequestError(`The sample page answered HTTP ${page.status}`);
    return page.text;
  } catch (error) {
    if (error instanceof PageError)
      throw new BadRequestError(`The sample page could not be read: ${error.message}`);
    throw error;
  } finally {
    await agent.close();
  }
}
