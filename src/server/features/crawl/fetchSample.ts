import { BadRequestError } from '../../../shared/errors.js';
import type { CrawlInput, CrawlProfile } from './crawlTypes.js';
import { crawlAgent, PageError } from './fetchPage.js';
import { SiteVisitor } from './siteVisitor.js';
import { refusedBeforeConnect } from './crawlOutbound.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';

/**
 * One page's text through the crawler's host list, limits and a session of its own (warm-up,
 * location, the browser for a script-rendered channel), for the schema editor's sample.
 */
export async function fetchSample(input: CrawlInput, profile: CrawlProfile): Promise<string> {
  const url = new URL(input.url);
  if (!profile.allowedHosts.includes(url.host)) {
    throw new BadRequestError('The sample page is not on a host configured for this channel');
  }
  if (refusedBeforeConnect(url, profile.outbound)) throw new BadRequestError(DESTINATION_REFUSED);
  const agent = crawlAgent(profile);
  const visitor = new SiteVisitor(profile, agent, input.url);
  try {
    const session = await visitor.sessions.acquire(input.cityId);
    const page = await visitor.fetch(input.url, session).finally(() => visitor.sessions.release(session));
    if (page.status !== 200) throw new BadRequestError(`The sample page answered HTTP ${page.status}`);
    return page.text;
  } catch (error) {
    if (error instanceof PageError)
      throw new BadRequestError(`The sample page could not be read: ${error.message}`);
    throw error;
  } finally {
    await visitor.close();
    await agent.close();
  }
}
