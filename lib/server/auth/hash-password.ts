import 'server-only';

import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

import { SCRYPT_KEY_LENGTH, SCRYPT_MAXMEM, SCRYPT_N, SCRYPT_P, SCRYPT_R, SCRYPT_SALT_BYTES } from './scrypt-params';

export function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, derived) =>
      error ? reject(error) : resolve(derived),
    );
  });
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>` with a fresh random 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_BYTES);
  const derived = await scryptAsync(password, salt, SCRYPT_KEY_LENGTH, {
    N: SCRYPT_N,
    r: SCRYPT_R,
    p: SCRYPT_P,
    maxmem: SCRYPT_MAXMEM,
  });
  return ['scrypt', SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString('base64'), derived.toString('base64')].join('$');
}
