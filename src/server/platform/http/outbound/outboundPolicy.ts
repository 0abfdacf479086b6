import ipaddr from 'ipaddr.js';

/**
 * The one rule for every address a user can set (report mailers' SFTP/FTP hosts and Azure
 * endpoints, crawl pages): only public unicast addresses. Loopback, RFC 1918, link-local (cloud
 * metadata at 169.254.169.254), CGNAT, unspecified, multicast, reserved and IPv6 local ranges
 * (and IPv4 hidden in IPv6: mapped, 6to4, Teredo, NAT64) are refused unless the operator's
 * OUTBOUND_ALLOW lists their range on purpose (the test suite's loopback servers, a private SFTP).
 */
export type OutboundAllowList = readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

export const DESTINATION_REFUSED =
  'This destination is not allowed: it is a private, loopback, link-local or reserved address.';

/** Parses OUTBOUND_ALLOW's comma list of CIDR ranges; throws on a bad entry. */
export function parseAllowList(raw: string): OutboundAllowList {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) =>
      ipaddr.parseCIDR(entry.includes('/') ? entry : `${entry}/${entry.includes(':') ? 128 : 32}`),
    );
}

/**
 * The IP address a host names when it is written as one, in any encoding the WHATWG URL parser
 * and inet_aton accept (`0x7f000001`, `2130706433`, `0177.1`, `[::1]`); null for a name.
 */
export function literalAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}`).hostname;
  } catch {
    return null;
  }
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

/** Whether a resolved address may be reached: public unicast, or inside the operator's allow-list. */
export function addressAllowed(
  address: string | ipaddr.IPv4 | ipaddr.IPv6,
  allow: OutboundAllowList,
): boolean {
  const parsed = typeof address === 'string' ? ipaddr.process(address) : address;
  if (allow.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return true;
  return parsed.range() === 'unicast';
}
