import { TooManyRequestsError } from '../../../shared/errors.js';
import { Gate } from '../../platform/http/gate.js';

export const EXPORTS_BUSY = 'Too many exports are running, please try again in a minute.';

/**
 * Bounds exports: `running` at once (each holds a warehouse connection and a zip stream), up to
 * `waiting` more queued; past that 429. The jobs layer can put its export runner behind it.
 */
export function exportQueue(running: number, waiting: number): Gate {
  return new Gate(running, waiting, () => new TooManyRequestsError(EXPORTS_BUSY));
}
