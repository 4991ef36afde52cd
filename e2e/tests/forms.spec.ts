import { expect, type Locator, type Page, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

// Custom forms: staff builds a form template with several field types and rules
// (a flight number, a relative date), sends it to a customer, the guest fills it on a phone from the link
// (client-side validation first), and staff sees the answers.

test.use({ locale: 'en-GB', actionTimeout: 10_000 });

async function addField(page: Page, type: string, index: number): Promise<Locator> {
  await page.getByRole('combobox', { name: 'Field type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Add field' }).click();
  return page.getByTestId(`formdef-field-${index}`);
}

test('staff builds a form, sends it, the guest fills it on a phone, staff sees the answers', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const customer = (await (await request.get('/api/customers?size=1&sort=id', { headers })).json())
    .data[0] as {
    id: number;
    fullName: string;
  };
  const name = `Arrival details ${Date.now()}`;

  // 1. The builder.
  await login(page, DEMO.staff, '/formdef');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /^Name/ }).fill(name);
  await drawer.getByRole('textbox', { name: /^Title \(English/ }).fill('Your arrival');
  await drawer.getByRole('textbox', { name: /^Title \(Deutsch/ }).fill('Ihre Anreise');

  const header = await addField(page, 'Heading', 0);
  await header.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Travel');

  const flight = await addField(page, 'Short answer', 1);
  await flight.getByRole('textbox', { name: 'Key' }).fill('flight');
  await flight.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Flight number');
  await flight.getByRole('textbox', { name: 'Label (German)', exact: true }).fill('Flugnummer');
  await flight.getByRole('checkbox', { name: 'Required' }).check();
  await flight.getByRole('checkbox', { name: 'Flight number' }).check();

  const arrival = await addField(page, 'Date', 2);
  await arrival.getByRole('textbox', { name: 'Key' }).fill('arrival');
  await arrival.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Arrival date');
  await arrival.getByRole('checkbox', { name: 'Required' }).check();
  await arrival.getByRole('textbox', { name: 'On or after' }).fill('today +3 days');

  const diet = await addField(page, 'Single choice', 3);
  await diet.getByRole('textbox', { name: 'Key' }).fill('diet');
  await diet.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Diet');

  const stars = await addField(page, 'Stars', 4);
  await stars.getByRole('textbox', { name: 'Key' }).fill('rating');
  await stars
    .getByRole('textbox', { name: 'Label (English)', exact: true })
    .fill('How much do you look forward to it?');

  // Reorder: the rating moves above the diet.
  await stars.getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByTestId('formdef-field-3')).toContainText('Stars');

  // The live preview renders the guest's component.
  await drawer.getByRole('tab', { name: 'Preview' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Flight number' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Check answers' }).click();
  await expect(drawer.getByText('This field is required').first()).toBeVisible();
  await drawer.getByRole('tab', { name: 'Fields' }).click();

  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

  // 2. Send it to the customer.
  await page.goto('/form');
  await page.getByRole('button', { name: 'Send form' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Send form' });
  await modal.getByRole('combobox', { name: 'Form template' }).click();
  await page.getByRole('option', { name }).click();
  await modal.getByRole('combobox', { name: 'Customer' }).fill(customer.fullName.slice(0, 5));
  await page.getByRole('option', { name: `${customer.fullName} (#${customer.id})` }).click();
  await modal.getByRole('button', { name: 'Send form' }).click();
  await expect(page.getByText('The form was created.')).toBeVisible();
  const link = await page.getByTestId('form-link').getAttribute('href');
  expect(link).toMatch(/\/forms\/\d+\/[\w-]{32}$/);
  await expect(page.getByTestId('form-qrcode')).toBeVisible();
  await expect(page.getByText('No answers yet.')).toBeVisible();
  await expectAccessible(page);

  // 3. The guest on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  const guest = await phone.newPage();
  await guest.goto(new URL(link as string).pathname);
  await expect(guest.getByRole('heading', { name: 'Your arrival', level: 1 })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Travel' })).toBeVisible();
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: 'Please correct 2 answers.' })).toBeVisible();
  const flightInput = guest.getByRole('textbox', { name: 'Flight number' });
  await expect(flightInput).toHaveAttribute('aria-invalid', 'true');
  await expect(flightInput).toHaveAccessibleDescription(/This field is required/);

  await flightInput.fill('L');
  await flightInput.blur();
  await expect(flightInput).toHaveAccessibleDescription(/The flight number is not valid/);
  const date = guest.getByLabel('Arrival date');
  await date.fill(dayFromToday(1));
  await date.blur();
  await expect(guest.getByText(`On ${dayFromToday(3)} or later`)).toBeVisible();
  await expectAccessible(guest);

  await flightInput.fill('LH 400');
  await date.fill(dayFromToday(10));
  await guest.getByRole('radio', { name: 'A' }).check();
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expectAccessible(guest);
  await phone.close();

  // 4. Staff sees the answers (the drawer of the sent form is still open after the reload).
  await page.reload();
  const answers = page.getByTestId('form-answers');
  await expect(answers).toContainText('LH 400');
  await expect(answers).toContainText(dayFromToday(10));
  await expect(answers).toContainText('Diet');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: name }).first()).toContainText('Submitted');
});

test('the guest page renders all 15 field types accessibly on a phone, in the form language', async ({
  browser,
  request,
}) => {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const types = (await (await request.get('/api/form/constants')).json()).fieldTypes as string[];
  expect(types).toHaveLength(15);
  const options = [
    { value: 'x', label: { de: 'Eins', en: 'One' } },
    { value: 'y', label: { de: 'Zwei', en: 'Two' } },
  ];
  const fields = types.map((type) => ({
    key: `f${type}`,
    type,
    label: { de: `Feld ${type}`, en: `Field ${type}` },
    help: { de: `Hilfe ${type}`, en: `Help ${type}` },
    ...(['Radio', 'Select', 'MultipleChoice', 'MultipleSelect'].includes(type) ? { options } : {}),
    ...(type === 'Video' || type === 'Download' ? { url: 'https://example.com/file.pdf' } : {}),
    ...(type === 'MultipleSelect' ? { rules: { required: true } } : {}),
  }));
  const def = await request.post('/api/formdef', {
    headers,
    data: { name: `All types ${Date.now()}`, title: { de: 'Alle Typen', en: 'All types' }, fields },
  });
  expect(def.status(), await def.text()).toBe(201);
  const sent = await request.post('/api/form', {
    headers,
    data: { formDefId: (await def.json()).id, language: 'de' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { link } = (await sent.json()) as { link: string };

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const guest = await phone.newPage();
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByRole('heading', { name: 'Alle Typen', level: 1 })).toBeVisible();
  await expect(guest.getByRole('combobox', { name: 'Feld Select' })).toBeVisible();
  await expect(guest.getByRole('radio', { name: 'Zwei' })).toBeVisible();
  await expect(guest.getByRole('group', { name: 'Feld MultipleSelect' })).toBeVisible();
  await expectAccessible(guest);
  await guest.getByRole('button', { name: 'Absenden' }).click();
  await expect(guest.getByText('Pflichtfeld')).toBeVisible();
  await expectAccessible(guest);
  // Mantine draws the chips as labels over hidden checkboxes.
  const chips = guest.getByRole('group', { name: 'Feld MultipleSelect' });
  await chips.getByText('Eins').click();
  await expect(chips.getByRole('checkbox', { name: 'Eins' })).toBeChecked();
  await guest.getByRole('combobox', { name: 'Feld Select' }).selectOption('y');
  await guest.getByRole('button', { name: 'Absenden' }).click();
  await expect(guest.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await phone.close();
});
