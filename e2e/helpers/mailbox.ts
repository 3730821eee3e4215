// Mail the console sent, read where a developer would: /dev/mailbox (no SMTP under the tests).
import { expect, type Page } from '@playwright/test';
import pg from 'pg';

/** The text of the newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function latestMail(page: Page, to: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`);
      const html = await response.text();
      // Newest first: the first article with a matching subject.
      for (const match of html.matchAll(/<article aria-label="([^"]*)"[\s\S]*?<pre[^>]*>([\s\S]*?)<\/pre>/g)) {
        if (subject.test(unescape(match[1]!))) {
          text = unescape(match[2]!);
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return text;
}

/** The first console link in a mail's text that goes to `path`, as a path with its query. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+(${path.replace(/\//g, '\\/')}\\?[^\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

function unescape(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Follows the verification link mailed at sign-up, so the account may go past the free tier. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  const link = linkIn(await latestMail(page, email, /^Verify your/), '/verify-email');
  await page.goto(link);
  await page.getByRole('button', { name: 'Verify email address' }).click();
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
}

/**
 * Moves the expiry of the user's mailed links into the past: time travel for "the link expired"
 * without waiting 30 minutes. The tests run with the app's DATABASE_URL (scripts/run.ts test).
 */
export async function expireMailedLinks(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`UPDATE "UserToken" SET "expiresAt" = now() - interval '1 minute' WHERE email = $1`, [email.toLowerCase()]);
  } finally {
    await client.end();
  }
}
