/** The spec's response envelope: statusCode 1 is success, anything else a failure with a message. */
export interface Envelope<T = unknown> {
  statusCode: number;
  msg: string;
  data?: T;
}

export const SUCCESS = 1;
export const FAILURE = 0;

export function ok<T>(data: T, msg = 'Success'): Envelope<T> {
  return { statusCode: SUCCESS, msg, data };
}

export function fail(msg: string, data?: unknown): Envelope {
  return data === undefined ? { statusCode: FAILURE, msg } : { statusCode: FAILURE, msg, data };
}
