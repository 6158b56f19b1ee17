import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (SSRF): decided on the addresses a host resolves to, never on its
 * name, and the connection is then made to the address that was checked (the sender pins it),
 * so a name that resolves elsewhere a moment later (DNS rebinding) changes nothing.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (dns.lookup: the system resolver, hosts file included). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Never, whatever the settings: where clouds answer metadata, and addresses no host has. */
const forbidden = new BlockList();
forbidden.addSubnet('0.0.0.0', 8, 'ipv4');
forbidden.addSubnet('169.254.0.0', 16, 'ipv4');
forbidden.addSubnet('224.0.0.0', 4, 'ipv4');
forbidden.addSubnet('240.0.0.0', 4, 'ipv4');
// Alibaba's metadata service sits inside the CGNAT range, AWS's IPv6 one inside fc00::/7.
forbidden.addAddress('100.100.100.200', 'ipv4');
forbidden.addAddress('fd00:ec2::254', 'ipv6');
forbidden.addSubnet('fe80::', 10, 'ipv6');
forbidden.addSubnet('ff00::', 8, 'ipv6');
forbidden.addAddress('::', 'ipv6');

/** Not on the public internet: allowed only with WEBHOOK_ALLOW_PRIVATE=1. */
const internal = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
internal.addAddress('::1', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');
internal.addSubnet('2001:db8::', 32, 'ipv6');

export type AddressVerdict = 'public' | 'private' | 'forbidden';

/**
 * An IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged by the IPv4 one:
 * ::ffff:169.254.169.254 is the metadata service too.
 */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIpv6(lower);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && words[5] === 0xffff) return v4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6))
    return v4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x2002) return v4(words[1] ?? 0, words[2] ?? 0);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  if (address.includes('.')) return undefined;
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text ? text.split(':').map((word) => parseInt(word, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return undefined;
  return [...left, ...new Array<number>(fill).fill(0), ...right];
}

export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'forbidden';
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return classifyAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (forbidden.check(address, type)) return 'forbidden';
  if (internal.check(address, type)) return 'private';
  return 'public';
}

export type GuardResult =
  { ok: true; address: ResolvedAddress } | { ok: false; reason: string; retryable: boolean };

/**
 * The address to connect to for `hostname`, if every address it resolves to is allowed: one bad
 * address among good ones is refused too, since which one a client uses is not ours to choose.
 */
export async function checkHost(
  hostname: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<GuardResult> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(bare);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      // A name that does not exist now may tomorrow; a resolver that failed may in a moment.
      return { ok: false, reason: `the host name did not resolve (${code})`, retryable: true };
    }
  }
  if (addresses.length === 0)
    return { ok: false, reason: 'the host name resolved to no address', retryable: true };
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict === 'forbidden')
      return {
        ok: false,
        reason: 'the target resolves to a link-local, metadata or reserved address, never allowed',
        retryable: false,
      };
    if (verdict === 'private' && !options.allowPrivate)
      return {
        ok: false,
        reason:
          'the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)',
        retryable: false,
      };
  }
  return { ok: true, address: addresses[0] as ResolvedAddress };
}
