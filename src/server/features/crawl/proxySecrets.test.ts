import { afterAll, describe, expect, it } from 'vitest';
import { configureProxyKey, isSealedProxy, maskProxy, openProxy, sealProxy } from './proxySecrets.js';

describe('proxy endpoints sealed at rest', () => {
  afterAll(() => configureProxyKey(''));

  it('opens for its own group under its key only; plain endpoints pass; shown without credentials', () => {
    configureProxyKey('a'.repeat(32));
    const plain = 'http://crawler:s3cret@proxy.example:3128';
    const sealed = sealProxy(plain, 1);
    expect(isSealedProxy(sealed) && !sealed.includes('s3cret')).toBe(true);
    expect(sealProxy(plain, 1)).not.toBe(sealed); // a fresh IV each time
    expect(openProxy(sealed, 1)).toBe(plain);
    expect(() => openProxy(sealed, 2)).toThrow(); // copied into another group's profile
    configureProxyKey('b'.repeat(32));
    expect(() => openProxy(sealed, 1)).toThrow(); // another key
    configureProxyKey('');
    expect(() => openProxy(sealed, 1)).toThrow(/^Set CRAWL_PROXY_KEY/);
    expect(() => sealProxy(plain, 1)).toThrow(/^Set CRAWL_PROXY_KEY/);
    expect(openProxy('http://proxy.example:3128', 1)).toBe('http://proxy.example:3128');
    expect(maskProxy(plain)).toBe('http://***@proxy.example:3128');
    expect(maskProxy('http://proxy.example:3128')).toBe('http://proxy.example:3128');
  });
});
