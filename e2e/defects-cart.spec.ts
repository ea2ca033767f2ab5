import { type Browser, expect, type Page, test } from '@playwright/test';
import type { CartView } from '@ricambi/domain';
import { signIn } from './support/ui.ts';

// Issue 11, findings of the browser run that end in the cart (run with the cart specs, one at a time).

test.describe.configure({ timeout: 180_000 });

type Hit = { id: number; unitaMisura: string; ordinabile: boolean; tipoArticoloOrig: string };

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

const newPage = async (browser: Browser, login: string) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login);
  await expect(page.getByTestId('account-menu')).toContainText(login);
  return page;
};

/** An orderable article sold by a decimal unit (litres, kilograms...), without the stock question. */
const decimalArticle = async (page: Page) => {
  for (const term of ['olio', 'grasso', 'liquido', 'filtro']) {
    const response = await page.request.get(`/api/search/full?term=${term}&size=50&lang=it`);
    const hits = (await response.json()) as Hit[];
    const hit = hits.find((h) => h.unitaMisura !== 'NR' && h.ordinabile && h.tipoArticoloOrig !== '0');
    if (hit) return hit;
  }
  throw new Error('no orderable decimal-unit article in the demo data');
};

test('English article page: "1,5" of a decimal unit goes to the cart as 1.5, and bad quantities say why', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer');
  const article = await decimalArticle(page);
  const cleared = await page.request.delete('/api/cartutil/cartall', { headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
  expect(cleared.status()).toBe(200);

  await page.goto(`/articolo/r/${article.id}`);
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const quantity = page.locator('#articolo-qt');
  await quantity.fill('-1');
  await expect(page.getByText('The quantity must be greater than zero.')).toBeVisible();
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();
  await quantity.fill('999999999');
  await expect(page.getByText('The quantity is too large.')).toBeVisible();
  await expect(page.getByText('The quantity must be greater than zero.')).toHaveCount(0);
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();

  await quantity.fill('1,5');
  await expect(page.getByText('The quantity is too large.')).toHaveCount(0);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toBeVisible();
  const cart = (await (await page.request.get('/api/cartitem?langKey=en')).json()) as CartView;
  expect(cart.righe.map((l) => [l.idArticolo, l.quantita])).toEqual([[article.id, 1.5]]);

  await page.request.delete('/api/cartutil/cartall', { headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'Italiano' }).click();
  await page.context().close();
});
