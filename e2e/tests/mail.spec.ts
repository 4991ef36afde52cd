import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';
import { openMailbox } from './support/mailbox.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';

// Run with E2E_PORT=3231 E2E_SMTP_PORT=3232 beside the other journeys.
test('staff edit a mail template, send a booking mail, see it sent in the queue, and it arrives', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const mailbox = await openMailbox();
  try {
    const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      const res = await request.get(path, { headers });
      expect(res.status(), path).toBe(200);
      return res.json();
    };
    const resortId = (await get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
    const rooms = (
      await get(`/api/rooms?size=0&sort=id&filter=${encodeURIComponent(JSON.stringify({ resortId }))}`)
    ).data as { id: number; roomTypeId: number | null }[];
    const room = rooms.filter((r) => r.roomTypeId !== null).at(-3);
    const created = await request.post('/api/bookings', {
      headers,
      data: {
        state: 'confirmed',
        language: 'en',
        force: true,
        rooms: [
          {
            roomId: room?.id,
            from: dayFromToday(200),
            to: dayFromToday(204),
            guests: [{ name: 'Mila Mailtest', gender: 'f', age: 33 }],
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: number; bookingNo: string };

    // The template: staff change the English confirmation's subject; the preview fills the placeholders.
    await login(page, DEMO.staff, '/config/mailtemplates');
    await expect(page.getByRole('heading', { name: 'Mail templates' })).toBeVisible();
    await page.getByRole('link', { name: 'Booking confirmation', exact: true }).click();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await expect(subject).toHaveValue('Booking confirmation {{bookingNo}}');
    await subject.fill('Confirmed: {{bookingNo}} for {{guestName}}');
    await expect(
      page.getByRole('heading', { name: /Preview: Confirmed: B-2031-0042 for Maria Sommer/ }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'mail-template');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible();

    // The booking: send the confirmation to another address.
    await page.goto(`/booking/${booking.id}`);
    await page.getByRole('button', { name: 'Send mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a mail about this booking' });
    await dialog.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: /^Booking confirmation \(EN/ }).click();
    await dialog.getByRole('textbox', { name: /Other recipient/ }).fill('mila.mailtest@example.test');
    // The dialog itself (the page behind it belongs to the booking and payment screens and their journeys).
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('The mail is queued and will be sent.')).toBeVisible();

    // It arrives at the SMTP server, with the confirmation attached.
    const mail = await mailbox.latest('mila.mailtest@example.test');
    expect(mail.subject).toBe(`Confirmed: ${booking.bookingNo} for Mila Mailtest`);
    expect(mail.text).toContain('Hello Mila Mailtest');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

    // The queue shows it as sent.
    await page.goto('/config/mailqueue?status=sent');
    await expect(page.getByRole('heading', { name: 'Mail queue' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`Confirmed: ${booking.bookingNo}`) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'mail-queue');
    await row.click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Text' })).toHaveValue(
      /Hello Mila Mailtest/,
    );

    // The mailbox view of the queue: the mail is in "Sent" with its text.
    await page.goto('/mail');
    await page.getByRole('tab', { name: /^Sent/ }).click();
    const subjectButton = page.getByRole('button', {
      name: `Confirmed: ${booking.bookingNo} for Mila Mailtest`,
    });
    await expect(subjectButton).toBeVisible();
    await expectAccessible(page);
    await subjectButton.click();
    await expect(page.getByRole('dialog').getByText(/Hello Mila Mailtest/)).toBeVisible();
  } finally {
    await mailbox.close();
  }
});

test('the administrator adds an SMTP account; its password is never shown again', async ({ page }) => {
  await login(page, DEMO.admin, '/config/mail');
  await expect(page.getByRole('heading', { name: 'Mail settings' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Office SMTP');
  await drawer.getByRole('textbox', { name: 'SMTP server' }).fill('smtp.example.test');
  await drawer.getByRole('textbox', { name: 'Password' }).fill('very-secret-pass');
  await drawer.getByRole('textbox', { name: 'Sender address' }).fill('office@example.test');
  await drawer.getByRole('switch', { name: 'Active' }).uncheck();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Password' })).toHaveValue('');
  await page.goto('/config/mail');
  await expect(page.getByRole('row', { name: /Office SMTP/ })).toBeVisible();
  await expect(page.getByText('very-secret-pass')).toHaveCount(0);
});
