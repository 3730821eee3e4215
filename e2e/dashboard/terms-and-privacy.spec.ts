// /terms and /privacy, rendered from content/terms.md and content/privacy.md, linked from the
// footer and from sign-up.
import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { expectNoSeriousViolations } from '../helpers/axe';

for (const [path, file, title] of [
  ['/terms', 'content/terms.md', 'Terms of service'],
  ['/privacy', 'content/privacy.md', 'Privacy policy'],
] as const) {
  test(`${path} shows ${file} as a page, linked from the footer`, async ({ page }) => {
    const source = await readFile(file, 'utf8');
    const firstSection = /^## (.+)$/m.exec(source)![1]!;
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: path === '/terms' ? 'Terms' : 'Privacy' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: firstSection, level: 2 })).toBeVisible();
    // Markdown, not its marks: no "## " or "**" on the page.
    await expect(page.locator('main')).not.toContainText('## ');
    await expect(page.locator('main')).not.toContainText('**');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousViolations(page, `${path} (${colorScheme})`);
    }
  });
}

test("the terms and the privacy policy name the operator from the server's settings, not placeholders", async ({
  page,
}) => {
  await page.goto('/terms');
  await expect(page.locator('main')).toContainText(
    'This service is operated by Example Data Ltd, 1 Example Street, Berlin ("we"). Contact: legal@example.com.',
  );
  await page.goto('/privacy');
  await expect(page.locator('main')).toContainText(
    'Example Data Ltd, 1 Example Street, Berlin. Contact for privacy questions: legal@example.com.',
  );
  for (const path of ['/terms', '/privacy']) {
    await page.goto(path);
    await expect(page.locator('main')).not.toContainText('[company name]', { ignoreCase: true });
    await expect(page.locator('main')).not.toContainText('{{');
  }
});

test('sign-up says that creating an account agrees to the terms and the privacy policy, with links', async ({
  page,
}) => {
  await page.goto('/sign-up');
  await expect(page.getByText('By creating an account you agree to the')).toBeVisible();
  await expect(page.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
});
