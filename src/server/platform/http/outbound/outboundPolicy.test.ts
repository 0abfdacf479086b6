import { describe, expect, it } from 'vitest';
import { addressAllowed, literalAddress, parseAllowList } from './outboundPolicy.js';
import { checkOutboundAtSave, DestinationRefusedError, resolveOutbound } from './resolveOutbound.js';

const NONE = parseAllowList('');
const refusedLiteral = (host: string) => {
  const address = literalAddress(host);
  return address !== null && !addressAllowed(address, NONE);
};

describe('outbound policy', () => {
  it('refuses loopback, private, link-local, CGNAT, unspecified and IPv6 local addresses in any encoding', () => {
    for (const host of [
      '127.0.0.1',
      '127.1',
      '0177.0.0.1',
      '0x7f000001',
      '2130706433',
      '10.1.2.3',
      '0x0a000001',
      '167772161',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '[::1]',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      'fd00:ec2::254',
      '2002:7f00:1::',
    ])
      expect(refusedLiteral(host), host).toBe(true);
  });

  it('lets public unicast addresses through, and names go to resolution', () => {
    for (const host of ['93.184.216.34', '8.8.8.8', '[2606:4700:4700::1111]'])
      expect(refusedLiteral(host), host).toBe(false);
    expect(literalAddress('sftp.example.com')).toBeNull();
    expect(literalAddress('localhost')).toBeNull();
  });

  it("the operator's allow-list opens exactly its ranges", () => {
    const allow = parseAllowList('127.0.0.1, 10.20.0.0/16');
    expect(addressAllowed('127.0.0.1', allow)).toBe(true);
    expect(addressAllowed('127.0.0.2', allow)).toBe(false);
    expect(addressAllowed('10.20.3.4', allow)).toBe(true);
    expect(addressAllowed('10.21.0.1', allow)).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', allow)).toBe(true);
    expect(() => parseAllowList('10.0.0.0/99')).toThrow();
  });

  it('checks every address a name resolves to, and answers a checked address to connect to', async () => {
    await expect(resolveOutbound('localhost', NONE)).rejects.toBeInstanceOf(DestinationRefusedError);
    await expect(checkOutboundAtSave('localhost', NONE)).rejects.toBeInstanceOf(DestinationRefusedError);
    await expect(resolveOutbound('0x7f000001', NONE)).rejects.toBeInstanceOf(DestinationRefusedError);
    const loopback = parseAllowList('127.0.0.0/8, ::1');
    expect(['127.0.0.1', '::1']).toContain(await resolveOutbound('localhost', loopback));
    expect(await resolveOutbound('0x7f000001', loopback)).toBe('127.0.0.1');
    // A name that does not resolve is kept at save; the connect-time check still stands.
    await expect(checkOutboundAtSave('no-such-host.invalid', NONE)).resolves.toBeUndefined();
    await expect(resolveOutbound('no-such-host.invalid', NONE)).rejects.toThrow();
  });
});
