import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

/** A 2400 × 1600 picture (a sea with a sun), larger than the 2000 px that optimizing allows. */
const seaPicture = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
        <rect width="2400" height="1600" fill="#0b6fa4"/>
        <circle cx="1800" cy="400" r="220" fill="#ffd23f"/>
        <rect y="1100" width="2400" height="500" fill="#e8d5a3"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();

test('staff uploads an image, captions it and moves it to a folder', async ({ page }) => {
  // Two screenshot pairs and accessibility checks on top of the journey.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const fileName = `sea-${stamp}.png`;
  const folderName = `Lagoon ${stamp}`;
  await login(page, DEMO.staff, '/media/list');
  await expect(page.getByRole('heading', { name: 'Media', exact: true })).toBeVisible();

  // A new folder; the library then shows it, so go back to all media to upload.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Folder name' }).fill(folderName);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const folders = page.getByRole('navigation', { name: 'Folders' });
  await expect(folders.getByRole('button', { name: folderName })).toBeVisible();
  await folders.getByRole('button', { name: 'All media' }).click();

  // Upload with "optimize" on (the default): the picture comes back at most 2000 px wide.
  await expect(page.getByRole('switch', { name: /Optimize/ })).toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'image/png', buffer: await seaPicture() });
  await expect(page.getByText('1 file uploaded.')).toBeVisible();
  const card = page.getByTestId('media-card').filter({ hasText: fileName });
  await expect(card).toBeVisible();
  await expect(card).toContainText('2000 × 1333 px');
  await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  await expectAccessible(page);
  await screenshots(page, 'media-list');

  // Its page: captions in both languages.
  await card.getByRole('link', { name: fileName }).click();
  await expect(page.getByRole('heading', { name: fileName })).toBeVisible();
  await page.getByRole('textbox', { name: 'Caption (English)' }).fill('Sunset over the lagoon');
  await page.getByRole('textbox', { name: 'Caption (German)' }).fill('Sonnenuntergang über der Lagune');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sunset over the lagoon' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'media-edit');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Caption (English)' })).toHaveValue(
    'Sunset over the lagoon',
  );

  // Back in the library: select it and move it into the folder.
  await page.getByRole('link', { name: 'Back to the media' }).click();
  await page.getByRole('textbox', { name: 'Search by name or caption' }).fill(`sea-${stamp}`);
  await expect(page.getByTestId('media-card')).toHaveCount(1);
  await page.getByRole('checkbox', { name: `Select ${fileName}` }).check();
  await page.getByRole('combobox', { name: 'Move to folder' }).click();
  await page.getByRole('option', { name: folderName }).click();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('1 file moved.')).toBeVisible();
  await folders.getByRole('button', { name: folderName }).click();
  await expect(page.getByTestId('media-card').filter({ hasText: fileName })).toBeVisible();
  await folders.getByRole('button', { name: 'No folder' }).click();
  await expect(page.getByTestId('media-card').filter({ hasText: fileName })).toHaveCount(0);
});
