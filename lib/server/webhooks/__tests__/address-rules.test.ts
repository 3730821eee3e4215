// Where a delivery may connect, decided on the resolved addresses (a fake resolver here).
import { describe, expect, it } from 'vitest';

import { AddressRefusedError, resolveDeliveryTarget } from '@/lib/server/webhooks/address-rules';

const production = { allowPrivate: false };
const development = { allowPrivate: true };
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('address rules', () => {
  it.each([
    ['a name that resolves to a private address', 'https://rebind.example.com/h', resolvesTo('10.0.0.5')],
    [
      'a name with one public and one loopback address',
      'https://mixed.example.com/h',
      resolvesTo('93.184.216.34', '127.0.0.1'),
    ],
    ['the cloud metadata address', 'https://169.254.169.254/latest', resolvesTo()],
    ['IPv6 loopback', 'https://[::1]:8443/h', resolvesTo()],
    ['IPv6 link-local', 'https://[fe80::1]/h', resolvesTo()],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/h', resolvesTo()],
    ['plain http to a public address', 'http://example.com/h', resolvesTo('93.184.216.34')],
    ['a URL with credentials', 'https://user:pw@example.com/h', resolvesTo('93.184.216.34')],
  ])('refuses %s in production', async (_what, url, resolve) => {
    await expect(resolveDeliveryTarget(url, production, resolve)).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('pins a public https name to the address it checked', async () => {
    const target = await resolveDeliveryTarget('https://hooks.example.com/in', production, resolvesTo('93.184.216.34'));
    expect(target).toMatchObject({ host: 'hooks.example.com', address: '93.184.216.34', family: 4 });
  });

  it('allows plain http to loopback in development only, and never to a public address', async () => {
    await expect(
      resolveDeliveryTarget('http://localhost:4000/h', development, resolvesTo('127.0.0.1')),
    ).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(
      resolveDeliveryTarget('http://localhost:4000/h', production, resolvesTo('127.0.0.1')),
    ).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(
      resolveDeliveryTarget('http://example.com/h', development, resolvesTo('93.184.216.34')),
    ).rejects.toBeInstanceOf(AddressRefusedError);
  });
});
