import { lookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a push service never has: this host, private networks and everything not routed on the
 * internet. IPv4 rules also match IPv4-mapped IPv6 addresses (::ffff:127.0.0.1), which BlockList checks
 * as the IPv4 address they carry.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible addresses
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP address) may be on the internet: none of the ranges above. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The error a connection to a push service gets when its name resolves to no public address. */
export class RefusedAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(hostname: string, addresses: readonly string[]) {
    super(`push service ${hostname} resolves to no public address (${addresses.join(', ') || 'none'}): not connected`);
  }
}

/**
 * A DNS lookup for the push agent: the system's, keeping only public addresses; a name with none fails
 * the connection before it is made. The socket connects to the address this returns, so a name that
 * resolves elsewhere a moment later (DNS rebinding) changes nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const allowed = found.filter((entry) => isPublicAddress(entry.address));
    const chosen = allowed[0];
    if (!chosen) {
      callback(
        new RefusedAddressError(
          hostname,
          found.map((entry) => entry.address),
        ),
        '',
        0,
      );
      return;
    }
    if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed);
    else callback(null, chosen.address, chosen.family);
  });
};

/**
 * The agent the server's pushes connect through: every connection resolves its host with
 * publicOnlyLookup. NOTE: Node skips the lookup for an IP address; endpoints never hold one
 * (`pushEndpointParts` in sync/schemas/push.ts refuses a numeric host), so every push is looked up here.
 */
export function publicPushAgent(): Agent {
  return new Agent({ keepAlive: true, lookup: publicOnlyLookup });
}
