import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey, keyRow } from '../helpers/keys';

test('another account neither sees these keys nor can act on them, even by posting their id', async ({ browser }) => {
  const owner = await browser.newContext();
  const intruder = await browser.newContext();
  const ownerPage = await owner.newPage();
  const intruderPage = await intruder.newPage();

  await signUp(ownerPage);
  const ownersKey = await createKey(ownerPage, 'owner key');
  const ownersKeyId = await keyRow(ownerPage, ownersKey).getAttribute('data-key-id');
  expect(ownersKeyId).toBeTruthy();

  await signUp(intruderPage);
  await expect(intruderPage.getByText('No API keys yet')).toBeVisible();
  await expect(intruderPage.getByText('owner key')).toHaveCount(0);
  const intrudersKey = await createKey(intruderPage, 'intruder key');
  const intruderRow = keyRow(intruderPage, intrudersKey);

  // Post the revoke and delete actions with the owner's key id in place of the intruder's own.
  for (const button of ['Revoke intruder key', 'Delete intruder key']) {
    await intruderRow.locator('input[name="keyId"]').evaluate((input, id) => {
      (input as HTMLInputElement).value = id;
    }, ownersKeyId!);
    await intruderRow.getByRole('button', { name: button }).click();
    if (button.startsWith('Delete')) {
      const dialog = intruderPage.getByRole('dialog');
      await dialog.locator('input[name="keyId"]').evaluate((input, id) => {
        (input as HTMLInputElement).value = id;
      }, ownersKeyId!);
      await dialog.getByRole('button', { name: 'Delete key' }).click();
    }
    await expect(intruderPage.getByText('This key does not exist or has been deleted')).toBeVisible();
    await intruderPage.reload();
  }

  await ownerPage.reload();
  await expect(keyRow(ownerPage, ownersKey)).toContainText('Active');
  await expect(ownerPage.getByRole('region', { name: 'Recent key activity' }).getByRole('row')).toHaveCount(2);
  await owner.close();
  await intruder.close();
});
