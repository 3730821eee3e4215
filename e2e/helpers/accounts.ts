// Accounts for browser tests, made through the real sign-up form.
import { randomUUID } from 'node:crypto';

import { expect, type Page } from '@playwright/test';

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
 * Signs up through the form. Each sign-up comes from a fresh address (the per-address sign-up
 * throttle would otherwise stop a suite that makes many accounts) unless `keepAddress`.
 */
export async function signUp(
  page: Page,
  email = uniqueEmail(),
  password = PASSWORD,
  { keepAddress = false } = {},
): Promise<string> {
  if (!keepAddress) await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
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
