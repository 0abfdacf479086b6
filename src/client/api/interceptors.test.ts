// @vitest-environment happy-dom
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED, installInterceptors } from './interceptors.js';

/** An axios instance whose adapter answers from a queue of [status, body]. */
function fakeHttp(answers: [number, unknown][]) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    const [status, data] = answers.shift() ?? [200, { statusCode: 1 }];
    const response = { status, data, headers: {}, config, statusText: '' };
    return status < 400
      ? Promise.resolve(response)
      : Promise.reject(new AxiosError('fail', String(status), config, null, response));
  };
  return { http: axios.create({ adapter }), seen };
}

describe('HTTP interceptors', () => {
  it("shows 'Your session has been expired.' once until a call succeeds again", async () => {
    const alert = vi.fn();
    window.alert = alert;
    const expired = vi.fn();
    const unauthorized = { statusCode: 0, msg: 'unauthorized user' };
    const { http } = fakeHttp([
      [401, unauthorized],
      [401, unauthorized],
      [200, { statusCode: 1 }],
      [401, unauthorized],
    ]);
    installInterceptors(http, {
      readModeHeaders: () => null,
      onSessionExpired: expired,
      onUnauthorized: vi.fn(),
    });
    await http.get('stock/data').catch(() => {});
    await http.get('stock/data').catch(() => {});
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(SESSION_EXPIRED);
    await http.get('stock/data');
    await http.get('stock/data').catch(() => {});
    expect(alert).toHaveBeenCalledTimes(2);
    expect(expired).toHaveBeenCalledTimes(2);
  });

  it('leaves the login calls and the session check to their pages', async () => {
    const alert = vi.fn();
    window.alert = alert;
    const { http } = fakeHttp([
      [401, { statusCode: 0, msg: 'Wrong Credentials' }],
      [401, { statusCode: 0, msg: 'unauthorized user' }],
    ]);
    const unauthorized = vi.fn();
    installInterceptors(http, {
      readModeHeaders: () => null,
      onSessionExpired: vi.fn(),
      onUnauthorized: unauthorized,
    });
    await http.post('authenticate').catch(() => {});
    await http.get('processmonitor/sessionvalidity').catch(() => {});
    expect(alert).not.toHaveBeenCalled();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('adds the read-mode headers to every call', async () => {
    const { http, seen } = fakeHttp([[200, {}]]);
    installInterceptors(http, {
      readModeHeaders: () => ({ 'x-viewer-token': 'v', 'x-view-id': '7', 'x-menu-id': '3' }),
      onSessionExpired: vi.fn(),
      onUnauthorized: vi.fn(),
    });
    await http.get('stock/products/stats');
    expect(seen[0]?.headers.get('x-viewer-token')).toBe('v');
    expect(seen[0]?.headers.get('x-view-id')).toBe('7');
  });
});
