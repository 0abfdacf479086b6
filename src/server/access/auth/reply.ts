import type { Envelope } from '../../../shared/envelope.js';
import { SUCCESS } from '../../../shared/envelope.js';

/**
 * A success envelope. Some of the spec's answers name fields beside statusCode (login:
 * settrustbrowser, org_list; session check: userId, loginTime; token verify: view_id ...): those
 * are repeated at the top level, and `data` holds them too for code that reads the envelope only.
 */
export function success<T extends object>(
  data: T,
  msg = 'Success',
  top: Partial<T> | T | null = null,
): Envelope<T> & Record<string, unknown> {
  return { statusCode: SUCCESS, msg, ...(top ?? {}), data };
}
