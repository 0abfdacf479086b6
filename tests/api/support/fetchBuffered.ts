/**
 * A fetch whose body is always read before it returns. An unread undici body can hold its socket,
 * and the server closing that socket at the end of a file then surfaces as an unhandled
 * "terminated" error after the tests passed; reading every body removes that race.
 */
export interface BufferedResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text(): string;
  json<T = unknown>(): T;
}

const decoder = new TextDecoder();

export async function fetchBuffered(url: string, init: RequestInit = {}): Promise<BufferedResponse> {
  const response = await fetch(url, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: () => decoder.decode(bytes),
    json: <T>() => JSON.parse(decoder.decode(bytes)) as T,
  };
}
