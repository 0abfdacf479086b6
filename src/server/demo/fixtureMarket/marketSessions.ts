import type { IncomingMessage } from 'node:http';
import { hash, SESSION_BURST_PER_SECOND } from './marketMechanics.js';

interface MarketSession {
  id: string;
  /** Layout bucket of the site's A/B test, fixed per session as real sites fix it by cookie. */
  bucket: 'A' | 'B';
  /** Answered requests in the last second (timestamps, ms). */
  recent: number[];
  /** Caught as a bot: every later request of the session meets a wall. */
  flagged: boolean;
}

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

/** The token an app's location call hands out; later requests send it in `x-location-token`. */
export const locationToken = (sessionId: string, cityId: number) => `L-${sessionId}-${cityId}`;

/**
 * The market's visitors: a session starts on the home page (web) or the app's bootstrap call,
 * which set its cookie; a request without one, or a session making more than
 * SESSION_BURST_PER_SECOND requests a second, is taken for a bot.
 */
export class MarketSessions {
  private readonly sessions = new Map<string, MarketSession>();
  private next = 1;

  open(): MarketSession {
    const id = `s${this.next++}x${(hash(`session:${this.next}`) % 1_000_000).toString(36)}`;
    const session: MarketSession = {
      id,
      bucket: hash(id) % 2 === 0 ? 'A' : 'B',
      recent: [],
      flagged: false,
    };
    this.sessions.set(id, session);
    return session;
  }

  /** The request's session, counted against its rate; null when it carries none the site knows. */
  of(req: IncomingMessage): MarketSession | null {
    const session = this.sessions.get(cookiesOf(req).get('sid') ?? '') ?? null;
    if (!session) return null;
    const now = Date.now();
    session.recent = session.recent.filter((t) => now - t < 1000);
    session.recent.push(now);
    if (session.recent.length > SESSION_BURST_PER_SECOND) session.flagged = true;
    return session;
  }

  /**
   * The city a request shops in: the web's location cookie, the app's location token (only the
   * session's own), else the site's default.
   */
  cityOf(req: IncomingMessage, session: MarketSession, platform: 'web' | 'app'): number | null {
    if (platform === 'web') {
      const city = Number(cookiesOf(req).get('loc'));
      return Number.isInteger(city) && city > 0 ? city : null;
    }
    const token = String(req.headers['x-location-token'] ?? '');
    const match = /^L-(.+)-(\d+)$/.exec(token);
    return match && match[1] === session.id ? Number(match[2]) : null;
  }

  flag(session: MarketSession): void {
    session.flagged = true;
  }

  get count(): number {
    return this.sessions.size;
  }
}

export type { MarketSession };
