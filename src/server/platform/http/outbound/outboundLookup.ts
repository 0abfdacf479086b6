import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  addressAllowed,
  DESTINATION_REFUSED,
  literalAddress,
  type OutboundAllowList,
} from './outboundPolicy.js';

/** What the policy refuses at connect time; its message names no address. */
export class OutboundRefusedError extends Error {
  readonly code = 'E_OUTBOUND_REFUSED';
  constructor() {
    super(DESTINATION_REFUSED);
  }
}

/**
 * A `lookup` for net/tls connections (an undici Agent's `connect`, an http(s).Agent) that resolves
 * as the system does and fails the connection unless EVERY address is allowed: the check sits on
 * the very resolution the socket connects to, so a name cannot answer a public address to a check
 * and a private one to the connection (DNS rebinding). A literal address never reaches a lookup:
 * check it with literalRefused first.
 */
export function policyLookup(allow: OutboundAllowList): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || !addresses.every((a) => addressAllowed(a.address, allow)))
        return callback(new OutboundRefusedError(), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** A `lookup` that answers the one address already checked (resolveOutbound): the connection goes there. */
export function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return (_hostname, options: LookupOptions, callback) => {
    if (options.all) return callback(null, [{ address, family }]);
    callback(null, address, family);
  };
}

/** Whether a host written as an address (in any encoding) is one the policy refuses; false for a name. */
export function literalRefused(host: string, allow: OutboundAllowList): boolean {
  const address = literalAddress(host);
  return address !== null && !addressAllowed(address, allow);
}
