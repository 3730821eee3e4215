// Only this machine reaches the servers unless the operator says otherwise: the API server binds to
// 127.0.0.1 unless API_HOST names another address.
// Checked on the listening socket's local address and by connecting to this machine's own
// non-loopback address: no traffic leaves the machine.
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';

import { listeningAddresses } from '@/lib/testing/listening-addresses';

import { freePort, killApiServers, startApiServer } from '../../__tests__/support/api-server-process';

afterAll(killApiServers);

/** This machine's own addresses on its other interfaces (eth0 and the like). */
function ownNonLoopbackAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && !info.internal && info.family === 'IPv4')
    .map((info) => info!.address);
}

function connectOutcome(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('the API server listens on loopback by default', { timeout: 60_000 }, () => {
  it("binds 127.0.0.1 with API_HOST unset, and refuses connections to the machine's other addresses", async () => {
    const port = await freePort();
    await startApiServer(port, { API_HOST: '' });
    expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
    expect(await connectOutcome('127.0.0.1', port)).toBe('connected');
    for (const address of ownNonLoopbackAddresses()) expect(await connectOutcome(address, port)).toBe('ECONNREFUSED');
  });

  it('binds every interface only when API_HOST=0.0.0.0 says so', async () => {
    const port = await freePort();
    await startApiServer(port, { API_HOST: '0.0.0.0' });
    expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
  });
});
