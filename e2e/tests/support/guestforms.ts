import type { Locator } from '@playwright/test';

// The guest-form journeys (guest forms, online booking): one guest's section of the form filled in.

/** Fills every section of one guest's form: personal, passport, diving, insurance, flights, emergency. */
export async function fillGuest(
  section: Locator,
  guest: { first: string; last: string; passport: string; flight: string },
) {
  const page = section.page();
  const field = (name: string) => section.getByLabel(new RegExp(`^${name}\\s*\\*?$`));
  await field('First name').fill(guest.first);
  await field('Last name').fill(guest.last);
  await field('Date of birth').fill('1984-06-15');
  await field('Passport number').fill(guest.passport);
  await field('Nationality').fill('DE');
  await field('Passport issued on').fill('2021-02-01');
  await field('Passport valid until').fill('2049-01-31');
  await section.getByRole('combobox', { name: 'Certification agency' }).click();
  await page.getByRole('option', { name: 'SSI', exact: true }).click();
  await field('Certification level').fill('Advanced Adventurer');
  await field('Logged dives').fill('64');
  for (const group of await section.getByRole('radiogroup').all())
    await group.getByRole('radio', { name: 'No' }).check();
  await field('Insurance company').fill('DAN Europe');
  await field('Policy number').fill(`DAN-${guest.passport}`);
  await field('Arrival flight number').fill(guest.flight);
  await field('Arrival date').fill('2049-01-01');
  await field('Departure flight number').fill('LH 401');
  await field('Departure date').fill('2049-01-20');
  await field('Emergency contact: name').fill('Hanna Home');
  await field('Emergency contact: phone').fill('+49 30 123456');
}
