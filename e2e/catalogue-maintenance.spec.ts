import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/ui.ts';

type Article = { id: number; articolo: string; prezzo: number };

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

/**
 * Two articles of the test's own (through the master-data API), so that the test does not depend on
 * the demo catalogue's codes nor change articles other tests read.
 */
const createArticles = async (page: Page): Promise<Article[]> => {
  const base = 700_000_000 + Math.floor(Math.random() * 90_000_000);
  const articles: Article[] = [];
  for (const [i, prezzo] of [
    [1, 40],
    [2, 15.5],
  ] as const) {
    const body = {
      id: base + i,
      articolo: `E2E-STK-${base + i}`,
      descrizione: `Filtro olio prova ${i}`,
      prezzo,
      tipoArticolo: 'R',
      tipoArticoloOrig: 'T',
      gruppoMerceologico: 'RIC',
      peso: 1,
    };
    const response = await page.request.post('/api/articolo', {
      data: body,
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
    });
    expect(response.ok(), await response.text()).toBe(true);
    articles.push({ id: body.id, articolo: body.articolo, prezzo });
  }
  return articles;
};

const stockCsv = (rows: string[]) =>
  Buffer.from(['articolo;magazzino;in5gg;inArrivo;producibile;prezzo', ...rows].join('\r\n'));

// Issue 4 §2 (stock and prices from a CSV/XLSX, ROLE_ADMIN) and spec 1 §2.1 / §7 reindex.
test.describe('catalogue maintenance', () => {
  test('imports stock and prices: a file with a bad row changes nothing, the fixed file is applied', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const [a, b] = (await createArticles(page)) as [Article, Article];

    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Giacenze e prezzi' }).click();
    await expect(page).toHaveURL(/\/stock-import$/);
    await expect(page.getByRole('heading', { name: 'Giacenze e prezzi' })).toBeVisible();
    await expect(page.getByTestId('stock-template')).toHaveAttribute('href', '/api/articolo-stock/template.csv');

    const upload = page.getByTestId('stock-upload').locator('input[type=file]');
    await upload.setInputFiles({
      name: 'giacenze.csv',
      mimeType: 'text/csv',
      buffer: stockCsv([`${a.articolo};12;3;0;1,5;42,90`, `${b.articolo};-3;0;2;0;`]),
    });
    await expect(page.getByTestId('stock-summary')).toContainText('Righe con errori: 1 su 2');
    await expect(page.getByTestId('stock-row-1')).toContainText('Magazzino: Non può essere negativo.');
    await expect(page.getByTestId('stock-row-0')).toContainText('Nessun errore');
    await expect(page.getByTestId('stock-row-0')).toContainText(/era \d/);
    await expect(page.getByTestId('stock-apply')).toBeDisabled();

    // Nothing was changed.
    const before = await page.request.get(`/api/articolo/${a.id}`);
    expect((await before.json()).prezzo).toBe(a.prezzo);

    await upload.setInputFiles({
      name: 'giacenze.csv',
      mimeType: 'text/csv',
      buffer: stockCsv([`${a.articolo};12;3;0;1,5;42,90`, `${b.articolo};3;0;2;0;`]),
    });
    await expect(page.getByTestId('stock-summary')).toContainText(
      'Tutte le 2 righe sono valide; prezzi che cambiano: 1.',
    );
    await expect(page.getByTestId('stock-row-0')).toContainText('42,90');
    await page.getByTestId('stock-apply').click();
    await expect(page.getByText('Applicare giacenze e prezzi?')).toBeVisible();
    await page.getByTestId('stock-apply-confirm').click();
    await expect(page.getByTestId('stock-result')).toContainText(
      'Importazione completata: giacenze aggiornate per 2 articoli, prezzi cambiati: 1.',
    );
    const after = await page.request.get(`/api/articolo/${a.id}`);
    expect((await after.json()).prezzo).toBe(42.9);
  });

  test('the reindex page rebuilds the search data of the changed articles', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Reindicizzazione' }).click();
    await expect(page).toHaveURL(/\/reindex$/);
    await page.getByTestId('reindex-changed').click();
    const result = page.getByTestId('reindex-result');
    await expect(result).toContainText('Articoli modificati');
    await expect(result).toContainText('Articoli indicizzati');
    await expect(result).toContainText('Parole nell');

    // "Reindex all" asks first.
    await page.getByTestId('reindex-all').click();
    await expect(page.getByText('Reindicizzare tutto il catalogo?')).toBeVisible();
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(result).toContainText('Articoli modificati');
  });
});
