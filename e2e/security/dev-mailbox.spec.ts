// /dev/mailbox lists every reset and verification link, so it is served only to this machine, and
// the console and the API listen on loopback unless HOST / API_HOST say otherwise. A client
// elsewhere is stood for by the address the trusted proxy reports (TRUSTED_PROXY_HOPS=1 here);
// nothing leaves this machine.
import { expect, test } from '@playwright/test';

import { listeningAddresses } from '../../lib/testing/listening-addresses';
import { signUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';
import { latestMail } from '../helpers/mailbox';
import { API_PORT, CONSOLE_PORT } from '../helpers/ports';

test.describe('dev mailbox', () => {
  test('is served to a client on this machine and is a 404 for a client elsewhere', async ({ request }) => {
    const local = await request.get('/dev/mailbox');
    expect(local.status()).toBe(200);
    expect(await local.text()).toContain('Mailbox');
    for (const elsewhere of ['203.0.113.9', '10.1.2.3', '2001:db8::7']) {
      const response = await request.get('/dev/mailbox', { headers: { 'x-forwarded-for': elsewhere } });
      expect(response.status(), elsewhere).toBe(404);
      expect(await response.text(), elsewhere).not.toContain('Mailbox');
    }
  });

  test('a browser standing for a client elsewhere is refused, while this machine still reads the mail it caused', async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
    const page = await context.newPage();
    const email = await signUp(page, uniqueEmail('mailbox'), undefined, { keepAddress: true });
    expect((await context.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).status()).toBe(404);
    // The helper reads in a request of its own from this machine, as a developer would.
    expect(await latestMail(page, email, /^Verify your/)).toContain('/verify-email?');
    await context.close();
  });

  test('the console and the API listen on 127.0.0.1 only, with HOST and API_HOST unset', () => {
    expect(listeningAddresses(CONSOLE_PORT)).toEqual(['127.0.0.1']);
    expect(listeningAddresses(API_PORT)).toEqual(['127.0.0.1']);
  });
});
