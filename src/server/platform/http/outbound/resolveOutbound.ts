import { lookup } from 'node:dns/promises';
import { BadRequestError } from '../../../../shared/errors.js';
import {
  addressAllowed,
  DESTINATION_REFUSED,
  literalAddress,
  type OutboundAllowList,
} from './outboundPolicy.js';

/** A destination refused by the outbound policy; its message names no address. */
export class DestinationRefusedError extends BadRequestError {
  constructor() {
    super(DESTINATION_REFUSED);
  }
}

/**
 * Resolves a user-set host and checks EVERY address it resolves to; answers the first, which the
 * caller connects to instead of the name. Resolving once and connecting to the checked address
 * is what defeats DNS rebinding (a name that answers a public address to the check and
 * 127.0.0.1 to the connection). A literal address is checked as written, in any encoding.
 */
export async function resolveOutbound(host: string, allow: OutboundAllowList): Promise<string> {
  const literal = literalAddress(host);
  if (literal) {
    if (!addressAllowed(literal, allow)) throw new DestinationRefusedError();
    return literal.toString();
  }
  const addresses = await lookup(host, { all: true, verbatim: true });
  if (!addresses.length || !addresses.every((a) => addressAllowed(a.address, allow)))
    throw new DestinationRefusedError();
  return addresses[0]!.address;
}

/**
 * The check when a destination is saved (a 400 then, not a failed run later): a literal address
 * must be allowed; a name that resolves must resolve to allowed addresses only. A name that does
 * not resolve yet is kept: the check at connect time still stands between it and the network.
 */
export async function checkOutboundAtSave(host: string, allow: OutboundAllowList): Promise<void> {
  const literal = literalAddress(host);
  if (literal) {
    if (!addressAllowed(literal, allow)) throw new DestinationRefusedError();
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return;
  }
  if (!addresses.every((a) => addressAllowed(a.address, allow))) throw new DestinationRefusedError();
}
