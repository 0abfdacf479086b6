import http from 'node:http';

/**
 * A POST from a chosen loopback address (127.0.0.0/8 is all local on Linux), so a test can be
 * several clients without trusting X-Forwarded-For. Answers the status; the body is drained.
 */
export function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
