// A client that keeps its connection in a pool and reuses it after a pause: two GETs on one TCP
// connection, `idleMs` apart. What a server that closed the idle connection meanwhile gives such
// a client is no answer ("other side closed" in undici, a 502 from a proxy).
import net from 'node:net';

export interface ReuseOutcome {
  /** The first answer's status line and its Keep-Alive header (the server's advertised idle timeout). */
  first: { status: number; keepAlive: string | null };
  /** The second answer's status, or 'closed' if the server closed the connection instead. */
  second: number | 'closed';
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;

/** Reads one HTTP response off the socket (head and a Content-Length or chunked body). */
function readResponse(socket: net.Socket): Promise<{ status: number; head: string } | 'closed'> {
  return new Promise((resolve) => {
    let buffer = '';
    const done = (value: { status: number; head: string } | 'closed') => {
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.slice(0, end);
      const body = buffer.slice(end + 4);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      const complete = length ? body.length >= Number(length[1]) : body.endsWith('0\r\n\r\n');
      if (complete) done({ status: Number(head.split(' ')[1]), head });
    };
    const onClose = () => done('closed');
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}

export async function reuseAfterIdle(options: { port: number; path: string; idleMs: number }): Promise<ReuseOutcome> {
  const socket = net.connect({ host: '127.0.0.1', port: options.port });
  socket.on('error', () => {}); // a write after the server closed: reported as 'closed'
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  try {
    const firstAnswer = readResponse(socket);
    socket.write(request(options.path));
    const first = await firstAnswer;
    if (first === 'closed') throw new Error(`the first GET ${options.path} was not answered`);
    await new Promise((r) => setTimeout(r, options.idleMs));
    // Closed during the pause: the client's write would meet a closed connection.
    const closed = socket.destroyed || socket.readyState !== 'open';
    const secondAnswer = closed ? Promise.resolve('closed' as const) : readResponse(socket);
    if (!closed) socket.write(request(options.path));
    const second = await secondAnswer;
    const keepAlive = /\r\nkeep-alive:\s*([^\r]*)/i.exec(first.head)?.[1] ?? null;
    return { first: { status: first.status, keepAlive }, second: second === 'closed' ? 'closed' : second.status };
  } finally {
    socket.destroy();
  }
}
