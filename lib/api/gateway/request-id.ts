// Request ids: "req_" and 32 hex digits, a UUIDv7 (RFC 9562) without its dashes: 48 bits of Unix
// milliseconds, then 74 random bits. Ordered by time, so the ledger's primary key (UsageEvent.id)
// grows at its right edge, where a random id touched a random leaf page per call (and each leaf
// first touched after a checkpoint writes a whole 8 KB page image to the WAL).
import { randomFillSync } from 'node:crypto';

/** Random bytes for 256 ids, refilled when used up: one call into OpenSSL per 256 ids. */
const random = Buffer.alloc(16 * 256);
let offset = random.length;

export function newRequestId(now: number = Date.now()): string {
  if (offset === random.length) {
    randomFillSync(random);
    offset = 0;
  }
  const id = random.subarray(offset, offset + 16);
  offset += 16;
  id.writeUIntBE(now, 0, 6);
  id[6] = (id[6]! & 0x0f) | 0x70; // version 7
  id[8] = (id[8]! & 0x3f) | 0x80; // RFC 9562 variant
  return `req_${id.toString('hex')}`;
}
