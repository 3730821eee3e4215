// Caps on open connections, so that no client can take the server's file descriptors: a total
// (the kernel's listen queue holds the rest) and a cap per remote address, beyond which new
// connections from that address are closed at once. Used by the API server and the console
// server alike. Behind a reverse proxy every connection comes from the proxy: set the
// per-address cap to 0 there and let the proxy limit clients.
import type { Server } from 'node:http';

export function limitConnections(server: Server, limits: { total: number; perAddress: number }): void {
  server.maxConnections = limits.total;
  if (limits.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
