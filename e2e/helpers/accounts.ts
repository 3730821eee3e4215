// Accounts for browser tests, made through the real sign-up form.
import { randomUUID } from 'node:crypto';

import { expect, type Page } from '@playwright/test';

import { followVerificationLink } from './mailbox';

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 12)}@e2e.test`;
}

/**
 * A distinct client address per test, as the proxy in front of the app would report it (the e2e
 * server trusts one hop: TRUSTED_PROXY_HOPS=1), so the per-address sign-in throttle of one test
 * never affects another.
 */
export function uniqueClientIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/**
 * Fills in and sends the sign-up form, and waits for its answer: "Check your mail", whether the
 * address is new or taken (no sign-in either way).
 */
export async function submitSignUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
}

/**
 * A new account, as a visitor makes one: the sign-up form, the link mailed to the address, then
 * sign-in; it ends on the key list, signed in. Each sign-up comes from a fresh address (the
 * per-address sign-up throttle would otherwise stop a suite that makes many accounts) unless
 * `keepAddress`.
 */
export async function signUp(
  page: Page,
  email = uniqueEmail(),
  password = PASSWORD,
  { keepAddress = false } = {},
): Promise<string> {
  if (!keepAddress) await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
  await submitSignUp(page, email, password);
  await followVerificationLink(page, email);
  await signIn(page, email, password);
  // A new account lands on the console's home, the dashboard; the callers go on from the keys.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'First steps' })).toBeVisible();
  await page.goto('/keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.locator('header summary').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}
