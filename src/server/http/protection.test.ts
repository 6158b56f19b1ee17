import { describe, expect, it } from 'vitest';
import {
  ClientRateLimiter,
  clientAddress,
  clientIdentity,
  normalizeAddress,
  parseAddressRange,
  TrustedProxies,
} from './protection';

/** What @hono/node-server hands a handler as `env`: the request's socket. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const forwarded = (value?: string) => new Headers(value ? { 'x-forwarded-for': value } : {});
const none = new TrustedProxies([]);

describe('addresses', () => {
  it('spells each address one way', () => {
    expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(normalizeAddress(' 203.0.113.7:5123 ')).toBe('203.0.113.7');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const junk of ['', 'unknown', '_hidden', '[::1', '999.1.1.1', '1.2.3.4:5:6'])
      expect(normalizeAddress(junk), junk).toBeUndefined();
  });

  it('reads TRUST_PROXY entries as addresses and CIDR ranges', () => {
    expect(parseAddressRange('10.0.0.0/8')).toEqual({
      address: '10.0.0.0',
      prefix: 8,
      family: 'ipv4',
    });
    expect(parseAddressRange('2001:db8::/32')).toMatchObject({ prefix: 32, family: 'ipv6' });
    expect(parseAddressRange('127.0.0.1')).toMatchObject({ prefix: 32 });
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.0/x', 'proxy.local'])
      expect(parseAddressRange(bad), bad).toBeUndefined();
    const trusted = new TrustedProxies(['10.0.0.0/8', '2001:db8::/32', '127.0.0.1']);
    expect(trusted.has('10.200.3.4')).toBe(true);
    expect(trusted.has('2001:db8:ffff::1')).toBe(true);
    expect(trusted.has('127.0.0.1')).toBe(true);
    expect(trusted.has('11.0.0.1')).toBe(false);
    expect(trusted.has('in-process')).toBe(false);
  });
});

describe('which client a request comes from', () => {
  const proxies = new TrustedProxies(['127.0.0.1', '10.0.0.0/8']);

  it('is the socket peer unless that peer is a trusted proxy: X-Forwarded-For buys nothing', () => {
    expect(clientAddress(from('198.51.100.4'), forwarded('203.0.113.1'), none)).toBe(
      '198.51.100.4',
    );
    // A trusted list does not make an untrusted peer's header count either.
    expect(clientAddress(from('198.51.100.4'), forwarded('203.0.113.1'), proxies)).toBe(
      '198.51.100.4',
    );
    expect(clientAddress(undefined, forwarded('203.0.113.1'), proxies)).toBe('in-process');
  });

  it('behind trusted proxies, is the right-most address that is not one of them', () => {
    expect(clientAddress(from('127.0.0.1'), forwarded('203.0.113.1'), proxies)).toBe('203.0.113.1');
    // The socket may show IPv4 as IPv4-mapped IPv6.
    expect(clientAddress(from('::ffff:127.0.0.1'), forwarded('203.0.113.1'), proxies)).toBe(
      '203.0.113.1',
    );
    // Two proxies: the edge one (10.1.2.3) appended the client, the inner one the edge.
    expect(clientAddress(from('127.0.0.1'), forwarded('203.0.113.1, 10.1.2.3'), proxies)).toBe(
      '203.0.113.1',
    );
    // Duplicate headers arrive joined with a comma, as Headers.get gives them.
    const twice = new Headers([
      ['x-forwarded-for', '203.0.113.1'],
      ['x-forwarded-for', '10.1.2.3'],
    ]);
    expect(clientAddress(from('127.0.0.1'), twice, proxies)).toBe('203.0.113.1');
    expect(clientAddress(from('127.0.0.1'), forwarded(), proxies)).toBe('127.0.0.1');
  });

  it('never takes a spoofed left-most entry', () => {
    // The client sent "X-Forwarded-For: 192.0.2.99"; the proxy appended the address it saw.
    expect(clientAddress(from('127.0.0.1'), forwarded('192.0.2.99, 203.0.113.1'), proxies)).toBe(
      '203.0.113.1',
    );
    expect(
      clientAddress(from('127.0.0.1'), forwarded('10.9.9.9, 203.0.113.1, 10.1.2.3'), proxies),
    ).toBe('203.0.113.1');
    // A hop a proxy could not name stops the walk at that proxy.
    expect(clientAddress(from('127.0.0.1'), forwarded('192.0.2.99, unknown'), proxies)).toBe(
      '127.0.0.1',
    );
  });

  it('keys IPv6 clients by their /64, however the address is written', () => {
    const key = clientIdentity(from('2001:db8:1:2::a'), forwarded(), none);
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientIdentity(from('2001:0db8:0001:0002:ffff:1:2:3'), forwarded(), none)).toBe(key);
    expect(clientIdentity(from('2001:db8:1:3::a'), forwarded(), none)).not.toBe(key);
    expect(clientIdentity(from('2001:db8::1'), forwarded(), none)).toBe('2001:db8:0:0::/64');
    expect(clientIdentity(from('::1'), forwarded(), none)).toBe('0:0:0:0::/64');
    expect(clientIdentity(from('::ffff:203.0.113.1'), forwarded(), none)).toBe('203.0.113.1');
  });
});

describe('the client rate limiter', () => {
  it('keeps the buckets of recently seen clients when it has to forget some', () => {
    let now = 0;
    const limiter = new ClientRateLimiter(2, () => now, none, 3);
    const allowed = (client: string) => limiter.take(client).allowed;
    expect([allowed('busy'), allowed('busy'), allowed('busy')]).toEqual([true, true, false]);
    expect(allowed('b')).toBe(true);
    expect(allowed('c')).toBe(true);
    // "busy" comes back (still refused), then a fourth client arrives: the table holds three,
    // and the least recently seen ("b") is the one forgotten, not everyone.
    expect(allowed('busy')).toBe(false);
    expect(allowed('d')).toBe(true);
    expect(allowed('busy')).toBe(false);
    expect([allowed('c'), allowed('c')]).toEqual([true, false]);
    // A bucket refills with time: a token a half minute at two a minute.
    now += 30_000;
    expect([allowed('busy'), allowed('busy')]).toEqual([true, false]);
  });

  it('says when the next token is due', () => {
    const limiter = new ClientRateLimiter(6, () => 0);
    for (let i = 0; i < 6; i++) limiter.take('kiosk');
    expect(limiter.take('kiosk')).toEqual({ allowed: false, retryAfter: 10 });
  });

  it('counts a client behind a trusted proxy by its forwarded address', () => {
    const limiter = new ClientRateLimiter(1, () => 0, new TrustedProxies(['127.0.0.1']));
    expect(limiter.admit(from('127.0.0.1'), forwarded('203.0.113.1')).allowed).toBe(true);
    expect(limiter.admit(from('127.0.0.1'), forwarded('203.0.113.1')).allowed).toBe(false);
    expect(limiter.admit(from('127.0.0.1'), forwarded('203.0.113.2')).allowed).toBe(true);
  });
});
