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

/**
 * A resolver that hangs must not hold a save or a send: the system resolver's own retries can
 * take minutes, and a channel form waiting that long looks broken.
 */
export const resolveDeadlineMs = 5_000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('resolve timed out'), { code: 'ETIMEOUT' })),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

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
// Site-local (deprecated, still routed inside some networks), and local-use NAT64, which only
// ever leads to the translator's own network.
internal.addSubnet('fec0::', 10, 'ipv6');
internal.addSubnet('64:ff9b:1::', 48, 'ipv6');

export type AddressVerdict = 'public' | 'private' | 'forbidden';

/**
 * The IPv4 addresses an IPv6 one carries, by every form that reaches (or may reach) an IPv4
 * host, so ::ffff:169.254.169.254 is the metadata service too: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96), the deprecated IPv4-compatible (::/96, but :: and ::1),
 * NAT64 (64:ff9b::/96, and the local-use 64:ff9b:1::/48, whose address may sit after a /48 or a
 * /96 prefix: both are judged), and 6to4 (2002::/16).
 */
function embeddedIpv4(address: string): string[] {
  const words = expandIpv6(address.toLowerCase());
  if (!words) return [];
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  if (zero(0, 5) && w5 === 0xffff) return [v4(w6, w7)];
  if (zero(0, 4) && w4 === 0xffff && w5 === 0) return [v4(w6, w7)];
  if (zero(0, 6) && (w6 !== 0 || w7 > 1)) return [v4(w6, w7)];
  if (w0 === 0x64 && w1 === 0xff9b && zero(2, 6)) return [v4(w6, w7)];
  // RFC 6052's /48 layout: 32 bits split around the reserved octet (bits 64-71).
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) {
    const carried: string[] = [];
    if (!zero(3, 6)) carried.push(v4(w3, ((w4 & 0xff) << 8) | (w5 >> 8)));
    if (w6 !== 0 || w7 !== 0) carried.push(v4(w6, w7));
    return carried;
  }
  if (w0 === 0x2002) return [v4(w1, w2)];
  return [];
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included). */
function expandIpv6(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (chunk: string) => (chunk ? chunk.split(':').map((word) => parseInt(word, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return undefined;
  return [...left, ...new Array<number>(fill).fill(0), ...right];
}

const rank: Record<AddressVerdict, number> = { public: 0, private: 1, forbidden: 2 };

export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'forbidden';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  let verdict: AddressVerdict = forbidden.check(address, type)
    ? 'forbidden'
    : internal.check(address, type)
      ? 'private'
      : 'public';
  // The worst of the address itself and every IPv4 one it carries.
  if (family === 6)
    for (const v4 of embeddedIpv4(address)) {
      const carried = classifyAddress(v4);
      if (rank[carried] > rank[verdict]) verdict = carried;
    }
  return verdict;
}

export type GuardResult =
  { ok: true; address: ResolvedAddress } | { ok: false; reason: string; retryable: boolean };

/**
 * The address to connect to for `hostname`, if every address it resolves to is allowed: one bad
 * address among good ones is refused too, since which one a client uses is not ours to choose.
 */
export async function checkHost(
  hostname: string,
  options: { allowPrivate: boolean; resolve?: Resolver; resolveDeadlineMs?: number },
): Promise<GuardResult> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await withDeadline(
        (options.resolve ?? systemResolver)(bare),
        options.resolveDeadlineMs ?? resolveDeadlineMs,
      );
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

/** The guard's rule, as configured, in the words a channel form shows beneath its target. */
export function guardRule(allowPrivate: boolean): string {
  return allowPrivate
    ? 'Loopback and private addresses are allowed on this server (WEBHOOK_ALLOW_PRIVATE=1); link-local and metadata addresses never are.'
    : 'An address that is or resolves to a loopback, private, link-local or metadata address is refused (private ones are allowed only with WEBHOOK_ALLOW_PRIVATE=1).';
}

/**
 * The guard's word on a webhook target as a channel is saved, by the rule every send applies:
 * `refused` when it would refuse it whatever happens (the save is refused), `warning` when a send
 * now would fail but a later one may not (a host name that does not resolve yet).
 */
export async function checkTarget(
  target: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<{ refused?: string; warning?: string }> {
  const guard = await checkHost(new URL(target).hostname, options);
  if (guard.ok) return {};
  return guard.retryable
    ? {
        warning: `${guard.reason}: a send now would fail, and every send checks it again until it resolves to an allowed address`,
      }
    : { refused: guard.reason };
}
