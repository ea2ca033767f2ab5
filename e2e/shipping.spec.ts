import { expect, test } from '@playwright/test';
import { choose, expectSignedInAs, openMainEntry, signIn } from './support/ui.ts';

// Issue 16 §6, spec 2 §2, §5: internal staff's shipping calculator on the demo tariff
// (apps/server/src/seed/demo-orders.seed.ts): Italy 10000–49999, 30–100 kg costs 35 €; Poland has no
// tariff. The form starts from the internal user's address of type 000 (Reggio Emilia, 42124).
test('as internal, the calculator gives the tariff cost for IT / 20100 / 35 kg and "not calculable" without a tariff', async ({
  page,
}) => {
  await signIn(page, 'internal');
  await expectSignedInAs(page, 'internal');
  await openMainEntry(page, 'Calcolo spedizione');
  await expect(page).toHaveURL(/\/spesespedizione$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calcolo spese di spedizione' })).toBeVisible();

  // Prefilled from the address of type 000.
  const country = page.getByTestId('ss-stato');
  await expect(page.getByLabel('CAP')).toHaveValue('42124');
  await expect(country).toContainText('Italia');
  await expect(page.getByTestId('ss-prefilled')).toContainText('Reggio Emilia');

  // The weight is required before anything is computed.
  await page.getByTestId('ss-submit').click();
  await expect(page.getByText('Questo campo è obbligatorio.')).toBeVisible();

  await page.getByLabel('CAP').fill('20100');
  await page.getByLabel('Peso (kg)').fill('35');
  await page.getByTestId('ss-submit').click();
  await expect(page.getByTestId('ss-amount')).toHaveText(/^35,00\s€$/);
  await expect(page.getByTestId('ss-inputs')).toHaveText(/^Italia · CAP 20100 · 35\skg$/);

  // A decimal weight with a comma, sent with Enter: the same band.
  await page.getByLabel('Peso (kg)').fill('35,5');
  await expect(page.getByTestId('ss-amount')).toHaveCount(0);
  await page.getByLabel('Peso (kg)').press('Enter');
  await expect(page.getByTestId('ss-amount')).toHaveText(/^35,00\s€$/);

  // A country without a tariff: not calculable.
  await choose(page, country.locator('input'), 'Polo', 'Polonia', country, 'Polonia');
  await page.getByLabel('CAP').fill('00-950');
  await page.getByTestId('ss-submit').click();
  await expect(page.getByTestId('ss-not-calculable')).toContainText('Non calcolabile');
  await expect(page.getByTestId('ss-amount')).toHaveCount(0);
});

test('a dealer does not reach the calculator', async ({ page }) => {
  await signIn(page, 'dealer');
  await expectSignedInAs(page, 'dealer');
  await page.goto('/spesespedizione');
  await expect(page).toHaveURL(/\/accessdenied$/);
  const answer = await page.request.get('/api/speseSpedizione?stato=ITA&cap=20100&peso=35');
  expect(answer.status()).toBe(403);
});
