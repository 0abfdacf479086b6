import { availableParallelism } from 'node:os';
import { ServiceUnavailableError } from '../../../shared/errors.js';
import { Gate } from '../../platform/http/gate.js';

export const HASHING_BUSY = 'The server is busy signing in other users, please try again in a moment.';

/**
 * Every argon2 call (64 MiB, t=3: ~160 ms of one core here) passes this gate. argon2 runs on
 * libuv's thread pool, which the warehouse's queries share: unbounded, a login flood took all four
 * threads and both cores, and a logged-in KPI call went from 31 ms to 12 s. One hash at a time
 * per spare core leaves the rest to data calls; a queue deeper than WAITING (~10 s of hashing) is
 * refused with 503 at once, which bounds hashing in total whatever addresses a flood comes from.
 */
const RUNNING = Math.max(1, availableParallelism() - 1);
const WAITING = 64;

const gate = new Gate(RUNNING, WAITING, () => new ServiceUnavailableError(HASHING_BUSY));

export function inHashPool<T>(hash: () => Promise<T>): Promise<T> {
  return gate.run(hash);
}
