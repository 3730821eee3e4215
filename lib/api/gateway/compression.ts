// Response compression, negotiated from Accept-Encoding (RFC 9110 §12.5.3): Brotli when the
// client takes it, else gzip, else none. Bodies under MIN_COMPRESSED_BYTES go as they are: a
// typical single-record answer (about 0.5 KB) would shrink by a couple of hundred bytes for more
// CPU than sending them costs. The levels were chosen on a 10-page forumsite answer: Brotli
// quality 3 and gzip level 1 already give most of the saving, and the next levels up save little
// more for twice the time or more (the bench's large br case, docs/performance.md). Compression runs on libuv's thread pool, so
// the event loop keeps serving other calls meanwhile.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with for an Accept-Encoding header; null for none (identity). */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let br = -1;
  let gz = -1;
  let any = -1;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = Math.max(gz, q);
    else if (name === '*') any = q;
  }
  // A coding the header does not name takes the q of "*" when there is one.
  if (br < 0) br = any;
  if (gz < 0) gz = any;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** The body compressed with `encoding`. */
export function compress(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'br') {
    return brotli(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    });
  }
  return gzip(input, { level: 1 });
}
