/**
 * A fetch whose body is always read before it returns, so no response is left holding its socket
 * when a test file closes the server (undici reports a body cut off that way as "terminated").
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
