import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoPackSvg, registerDemoImages } from './demoImageRoute.js';

describe('demo pack images', () => {
  it('draws an SVG per product id, the same every time', () => {
    expect(demoPackSvg(1042)).toBe(demoPackSvg(1042));
    expect(demoPackSvg(1042)).toContain('#1042');
    expect(demoPackSvg(1042)).not.toBe(demoPackSvg(1043));
  });

  it('answers only numeric .svg names', async () => {
    const app = Fastify();
    registerDemoImages(app);
    const ok = await app.inject('/demo-images/p/1042.svg');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject('/demo-images/p/..%2Fsecret.svg')).statusCode).toBe(404);
    expect((await app.inject('/demo-images/p/1042.js')).statusCode).toBe(404);
    await app.close();
  });
});
