// A TCP proxy in front of PostgreSQL that can hold back what the server sends on LISTEN
// connections: the NOTIFY messages of an auth change reach the API instance behind it only when
// the test lets them. So a test can make "the notification has not arrived yet" certain instead
// of hoping a sleep is short enough. Every other connection (the instance's pool) passes freely.
import net from 'node:net';

export interface NotifyHoldProxy {
  /** The database URL with the proxy's address in place of the server's. */
  url: string;
  /** From now on, what the server sends to LISTEN connections waits in the proxy. */
  hold(): void;
  /** Delivers everything held and lets later messages through. */
  release(): void;
  close(): Promise<void>;
}

const LISTEN = Buffer.from('LISTEN ');

export async function startNotifyHoldProxy(databaseUrl: string): Promise<NotifyHoldProxy> {
  const target = new URL(databaseUrl);
  let holding = false;
  const listeners: { client: net.Socket; held: Buffer[] }[] = [];
  const sockets = new Set<net.Socket>();

  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(server);
    let listener: { client: net.Socket; held: Buffer[] } | undefined;
    client.on('data', (chunk: Buffer) => {
      if (!listener && chunk.includes(LISTEN)) {
        listener = { client, held: [] };
        listeners.push(listener);
      }
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (listener && holding) listener.held.push(chunk);
      else client.write(chunk);
    });
    const end = () => {
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const listener of listeners) listener.held.splice(0).forEach((chunk) => listener.client.write(chunk));
    },
    close() {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
