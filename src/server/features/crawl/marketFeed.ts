/** One channel's day of one group: what a crawl run reads. */
export interface ChannelDay {
  groupId: number;
  channelId: number;
  date: string;
}

/**
 * A marketplace this server runs itself and feeds with the day it is to serve: the demo's fixture
 * market (demo/crawlMarket.ts). Before a crawl of a channel-day at its address, the crawl asks it
 * to serve that day. Real marketplaces serve themselves: on a deployment without demo data there
 * is none.
 */
export interface MarketFeed {
  /** http://host:port the market listens on; profiles with this base URL crawl it. */
  baseUrl: string;
  /** Product pages of the day (each day once: after a crawl the warehouse holds what was extracted). */
  feedDay(day: ChannelDay): Promise<void>;
  /** Search, category and bestseller listing pages of the day. */
  feedShelf(day: ChannelDay): Promise<void>;
}

declare module '../../platform/deps.js' {
  interface Deps {
    /** The market the server feeds (demo mode only); set once at start. */
    marketFeed?: MarketFeed;
  }
}
