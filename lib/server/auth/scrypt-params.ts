// scrypt cost for new password hashes. Stored hashes carry their own parameters, so raising
// these later keeps old hashes verifiable.
export const SCRYPT_N = 16_384;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
export const SCRYPT_KEY_LENGTH = 32;
export const SCRYPT_SALT_BYTES = 16;
// Node refuses scrypt calls needing more than maxmem (32 MiB default); 128 * N * r is 16 MiB here.
export const SCRYPT_MAXMEM = 64 * 1024 * 1024;
