import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; raise maxmem above that (security.md: 2^17 needs ~128 MiB).
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$logN$r$p$salt$hash` with a per-user 16-byte salt (security.md). */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

let checks = 0;
/** How many passwords this process has checked (the throttle tests count the scrypt work with it). */
export const passwordChecks = (): number => checks;

/** Constant-time check against a stored hash; its own parameters are read from it. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  checks++;
  const [algo, logN, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a password nobody has, made once per process: checking against it when an e-mail is
 * unknown makes a failed login take as long whether or not the account exists.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(logN: number): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return dummy;
}
