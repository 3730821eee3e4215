// Mail the console sent, read where a developer would: /dev/mailbox (no SMTP under the tests).
import { expect, request, type Page } from '@playwright/test';
import pg from 'pg';

import { CONSOLE_PORT } from './ports';

export type Mail = { subject: string; text: string };

/**
 * Every mail to `to`, newest first. Read from this machine in a request of its own: the mailbox
 * serves loopback clients only, and a test's page may send an X-Forwarded-For that stands for a
 * client elsewhere (the runner gives new request contexts the test's `use` headers too, so the
 * header is set here to what a proxy on this machine would report).
 */
export async function mailTo(to: string): Promise<Mail[]> {
  const mailbox = await request.newContext({
    baseURL: `http://localhost:${CONSOLE_PORT}`,
    extraHTTPHeaders: { 'x-forwarded-for': '127.0.0.1' },
  });
  try {
    const html = await (await mailbox.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
    return [...html.matchAll(/<article aria-label="([^"]*)"[\s\S]*?<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((match) => ({
      subject: decodeEntities(match[1]!),
      text: decodeEntities(match[2]!),
    }));
  } finally {
    await mailbox.dispose();
  }
}

/** The text of the newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function latestMail(_page: Page, to: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const found = (await mailTo(to)).find((mail) => subject.test(mail.subject));
        text = found?.text ?? '';
        return found !== undefined;
      },
      { timeout: 30_000 },
    ) // the mailbox page renders on a server other tests keep busy
    .toBe(true);
  return text;
}

/** The first console link in a mail's text that goes to `path`, as a path with its query. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+(${path.replace(/\//g, '\\/')}\\?[^\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

function decodeEntities(html: string): string {
  return (
    html
      .replace(/<!-- -->/g, '')
      // The mailbox shows a mail's web addresses as links: their text is the address.
      .replace(/<\/?a\b[^>]*>/g, '')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  );
}

/** Follows the newest verification link mailed to `email` on this page. */
export async function followVerificationLink(page: Page, email: string): Promise<void> {
  const link = linkIn(await latestMail(page, email, /^Verify your/), '/verify-email');
  // Opening the link verifies: the page sends itself, no click.
  await page.goto(link);
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
}

/**
 * Makes sure the address is verified, so the account may go past the free tier. signUp already
 * verifies (a sign-up cannot sign in before); this is for accounts that may not be yet.
 */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  if (await isVerified(email)) return;
  await followVerificationLink(page, email);
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function isVerified(email: string): Promise<boolean> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ verified: boolean }>(
      `SELECT "emailVerifiedAt" IS NOT NULL AS verified FROM "User" WHERE email = $1`,
      [email.toLowerCase()],
    );
    return rows[0]?.verified ?? false;
  });
}

/**
 * Moves the expiry of the user's mailed links into the past: time travel for "the link expired"
 * without waiting 30 minutes. The tests run with the app's DATABASE_URL (scripts/run.ts test).
 */
export async function expireMailedLinks(email: string): Promise<void> {
  await withDatabase((client) =>
    client.query(`UPDATE "UserToken" SET "expiresAt" = now() - interval '1 minute' WHERE email = $1`, [
      email.toLowerCase(),
    ]),
  );
}
