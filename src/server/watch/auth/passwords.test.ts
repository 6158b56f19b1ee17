import { describe, expect, it } from 'vitest';
import {
  credentialsSchema,
  hashPassword,
  needsRehash,
  ruleBroken,
  usernameSchema,
  verifyDecoy,
  verifyPassword,
} from './passwords';

/** An encoded hash built by hand from hex: `scrypt$N$r$p$salt$hash`, base64 parts. */
function encoded(N: number, r: number, p: number, salt: string, keyHex: string): string {
  const b64 = (bytes: Buffer) => bytes.toString('base64');
  return `scrypt$${N}$${r}$${p}$${b64(Buffer.from(salt))}$${b64(Buffer.from(keyHex, 'hex'))}`;
}

// RFC 7914 section 12, the test vectors of scrypt itself (64-byte keys).
const rfcVector2 = encoded(
  1024,
  8,
  16,
  'NaCl',
  'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162' +
    '2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640',
);
const rfcVector3 = encoded(
  16384,
  8,
  1,
  'SodiumChloride',
  '7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2' +
    'd5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887',
);

describe('passwords', () => {
  it('verify against the RFC 7914 scrypt vectors, read with the parameters they carry', async () => {
    expect(await verifyPassword('password', rfcVector2)).toBe(true);
    expect(await verifyPassword('pleaseletmein', rfcVector3)).toBe(true);
    expect(await verifyPassword('pleaseletmeIn', rfcVector3)).toBe(false);
    expect(await verifyPassword('password', rfcVector3)).toBe(false);
  });

  it('hash as scrypt$32768$8$3 with a 16-byte salt of their own and a 32-byte key', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    // 16 bytes are 24 base64 characters, 32 bytes 44.
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse battery!', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
    expect(needsRehash(rfcVector3)).toBe(true);
  });

  it('compare passwords in one Unicode normal form (NFKC)', async () => {
    // U+00E9 (precomposed) and U+0065 U+0301 (e and a combining acute) are one password.
    const hash = await hashPassword('caf\u00e9 au lait!', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('cafe\u0301 au lait!', hash)).toBe(true);
  });

  it('read a malformed or over-costly hash as a wrong password, without trying it', async () => {
    const [, , , , salt, key] = rfcVector3.split('$');
    for (const bad of [
      '',
      'bcrypt$16384$8$1$x$y',
      rfcVector3.replace('$16384$', '$16383$'), // N not a power of two
      rfcVector3.replace('$16384$', '$1048576$'), // 128 MiB: past what a sign-in may cost
      rfcVector3.replace('$8$1$', '$8$0$'),
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$16384$8$1$${salt}$${key}$extra`,
      `scrypt$16384$8$1$${salt}$${Buffer.alloc(8).toString('base64')}`, // key too short
    ])
      expect(await verifyPassword('pleaseletmein', bad)).toBe(false);
  });

  it('refuse unknown names through a decoy check, which never succeeds', async () => {
    expect(await verifyDecoy('correct horse battery')).toBe(false);
  });
});

describe('credential rules', () => {
  it('name the field and the rule it breaks', () => {
    expect(ruleBroken('username', usernameSchema, 'a b')).toBe(
      'Invalid username: must be 1 to 64 letters, digits, dots, dashes or underscores',
    );
    expect(ruleBroken('username', usernameSchema, 'x'.repeat(65))).toMatch(/1 to 64/);
    expect(ruleBroken('username', usernameSchema, '')).toMatch(/1 to 64/);
    expect(ruleBroken('username', usernameSchema, 'ops.night_shift-2')).toBeUndefined();
    expect(ruleBroken('username', usernameSchema, 'x'.repeat(64))).toBeUndefined();
    const password = credentialsSchema.shape.password;
    expect(ruleBroken('password', password, '123456789')).toBe(
      'Invalid password: must be at least 10 characters',
    );
    expect(ruleBroken('password', password, 'x'.repeat(201))).toBe(
      'Invalid password: must be at most 200 characters',
    );
    expect(ruleBroken('password', password, '1234567890')).toBeUndefined();
    expect(ruleBroken('password', password, 'x'.repeat(200))).toBeUndefined();
  });
});
