import { expect, type Page, test } from '@playwright/test';
import { choose, expectSignedInAs, formItem, signIn, unique } from './support/ui.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const rowOf = (page: Page, login: string) => page.locator(`tbody tr.ant-table-row[data-row-key="${login}"]`);

/** Signs the manager in and opens the user list from the Administration menu. */
const openUserManagement = async (page: Page) => {
  // signIn dismisses the demo data's banner dialogs whenever they are in the way.
  await signIn(page, 'manager');
  await expectSignedInAs(page, 'manager');
  await page.getByTestId('admin-menu').click();
  await page.getByRole('menuitem', { name: 'Gestione utenti' }).click();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(rowOf(page, 'manager')).toBeVisible();
};

const search = async (page: Page, term: string) => {
  await page.getByPlaceholder('Cerca', { exact: true }).fill(term);
};

// Spec 1 §2.3 "User list", "User form", §3 "User", §4 (activation toggle), §5 "User form"; issue 3 §2.
test.describe('user management', () => {
  test('manager creates a subdealer with every rule enforced and cannot delete self', async ({ page }) => {
    await openUserManagement(page);

    // The current account: delete disabled, its activation label does not switch.
    const me = rowOf(page, 'manager');
    await expect(me.getByRole('button', { name: 'Elimina' })).toBeDisabled();
    await expect(me.getByTestId('activation-manager')).toBeDisabled();

    await page.getByRole('link', { name: 'Nuovo utente' }).click();
    await expect(page).toHaveURL(/\/user-management\/new$/);
    const form = dialog(page);
    await expect(form.getByRole('switch', { name: 'Attivo' })).toBeDisabled();
    const save = form.getByRole('button', { name: 'Salva' });

    await form.getByLabel('Nome utente').fill('Mario Rossi!');
    await expect(
      form.getByText('Il nome utente può contenere solo lettere minuscole, cifre, trattino e trattino basso.'),
    ).toBeVisible();
    await form.getByLabel('Ragione sociale').fill('B'.repeat(41));
    await expect(form.getByText('Questo campo non può superare 40 caratteri.')).toBeVisible();

    // Subdealer fields appear only for logica subdealer, where the dealer is required.
    await expect(form.getByLabel('Indirizzo')).toHaveCount(0);
    await choose(page, form.getByLabel('Logica'), 'Sub', 'Subdealer', formItem(form, 'Logica'), 'Subdealer');
    await expect(form.getByLabel('Indirizzo')).toBeVisible();
    const dealer = form.getByLabel('Dealer');
    const dealerTypeahead = form.getByTestId('dealer-typeahead');
    await choose(page, dealer, 'Rossi', 'Rossi Macchine Srl', dealerTypeahead, 'dealer');
    await dealerTypeahead.locator('.ant-select-clear').click();
    await expect(form.getByText('Questo campo è obbligatorio.')).toBeVisible();
    await expect(save).toBeDisabled();

    const login = unique('sub');
    await form.getByLabel('Nome utente').fill(login);
    await form.getByLabel('Ragione sociale').fill('Bianchi Noleggi Nord');
    await form.getByLabel('E-mail').fill(`${login}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('segreta-123');
    await form.getByLabel('Indirizzo').fill('Via Emilia 10');
    await form.getByLabel('CAP').fill('40100');
    await form.getByLabel('Città').fill('Bologna');
    await choose(page, form.getByLabel('Nazione'), 'Itali', 'Italia', formItem(form, 'Nazione'), 'Italia');
    const profiles = formItem(form, 'Profili');
    await choose(page, form.getByLabel('Profili'), 'CR_SUB', 'ROLE_CR_SUBDEALER', profiles, 'CR_SUBDEALER');
    await page.keyboard.press('Escape');
    await form.getByLabel('Ricarico').fill('1.25');
    await form.getByLabel('Sconto %').fill('12.5');
    await choose(page, dealer, 'Rossi', 'Rossi Macchine Srl', dealerTypeahead, 'dealer');

    // The Test button needs both credentials; unconfigured, it says so.
    const testButton = form.getByTestId('erp-test');
    await expect(testButton).toBeDisabled();
    await form.getByLabel('Utente ERP').fill('erp-bianchi');
    await form.getByLabel('Password ERP').fill('erp-pw');
    await testButton.click();
    await expect(form.getByRole('status')).toContainText('non è configurato');

    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/user-management$/);

    await search(page, login);
    const row = rowOf(page, login);
    await expect(row).toContainText('Bianchi Noleggi Nord');
    await expect(row).toContainText('CR_SUBDEALER');
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  });

  test('manager edits a subdealer, opens its detail and toggles its activation, asked first each time', async ({
    page,
  }) => {
    await openUserManagement(page);
    // The subdealer as the form above creates it, made through the same API.
    const login = unique('sub');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const created = await page.request.post('/api/users', {
      headers: { 'X-XSRF-TOKEN': xsrf },
      data: {
        login,
        newPassword: 'segreta-123',
        email: `${login}@example.com`,
        company: 'Bianchi Noleggi Nord',
        logica: 'subdealer',
        dealerLogin: 'dealer',
        indirizzo: 'Via Emilia 10',
        cap: '40100',
        citta: 'Bologna',
        stato: 'ITA',
        authorities: ['ROLE_CR_SUBDEALER'],
        markup: 1.25,
        sconto: 12.5,
        erpUser: 'erp-bianchi',
        erpPassword: 'erp-pw',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await search(page, login);
    const row = rowOf(page, login);
    await expect(row).toContainText('Bianchi Noleggi Nord');

    // Edit.
    await row.getByRole('link', { name: 'Modifica' }).click();
    const edit = dialog(page);
    await expect(edit.getByLabel('Nome utente')).toBeDisabled();
    await expect(edit.getByLabel('Ragione sociale')).toHaveValue('Bianchi Noleggi Nord');
    await expect(edit.getByTestId('dealer-typeahead')).toContainText('dealer');
    await edit.getByLabel('Ragione sociale').fill('Bianchi Noleggi Sud');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(row).toContainText('Bianchi Noleggi Sud');

    // Detail page.
    await row.getByRole('link', { name: 'Dettaglio' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${login}$`));
    await expect(page.getByText('Via Emilia 10')).toBeVisible();
    await expect(page.getByText('erp-bianchi')).toBeVisible();
    await page.getByRole('link', { name: 'Indietro' }).click();

    // Activation toggle by clicking the label: it asks first; Cancel (by Enter or click) changes nothing.
    await search(page, login);
    const label = rowOf(page, login).getByTestId(`activation-${login}`);
    await expect(label).toHaveText('Attivo');
    await label.click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Disattivare l'utente ${login}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Annulla' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(label).toHaveText('Attivo');
    await label.click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(label).toHaveText('Attivo');
    await label.click();
    await confirm.getByRole('button', { name: 'Disattiva' }).click();
    await expect(label).toHaveText('Disattivato');
    await label.click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Attivare l'utente ${login}?` })
      .getByRole('button', { name: 'Attiva' })
      .click();
    await expect(label).toHaveText('Attivo');
  });

  test('imports a CSV with one bad row (nothing imported, the error shown), then the fixed file', async ({ page }) => {
    await openUserManagement(page);
    const first = unique('imp');
    const second = unique('imq');
    const csv = (dealerOfSecond: string) =>
      Buffer.from(
        [
          'login;email;company;logica;dealerLogin;authorities;markup',
          `${first};${first}@example.com;Alfa Ricambi Srl;dealer;;ROLE_USER|ROLE_CART;1,5`,
          `${second};${second}@example.com;Beta Noleggi;subdealer;${dealerOfSecond};ROLE_USER|ROLE_CR_SUBDEALER;1`,
        ].join('\r\n'),
      );

    await page.getByTestId('import-users').click();
    const importDialog = dialog(page);
    await importDialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'utenti.csv', mimeType: 'text/csv', buffer: csv('') });
    await expect(importDialog.getByTestId('import-summary')).toContainText('Righe con errori: 1 su 2');
    const badRow = importDialog.getByTestId('import-row-1');
    await expect(badRow).toContainText('Dealer: Questo campo è obbligatorio.');
    await expect(importDialog.getByTestId('import-row-0')).toContainText('Nessun errore');
    await expect(importDialog.getByTestId('import-apply')).toBeDisabled();
    await importDialog.getByRole('button', { name: 'Annulla' }).click();

    // Nothing was imported.
    await search(page, first);
    await expect(page.getByText('Nessun elemento da mostrare.')).toBeVisible();

    await page.getByTestId('import-users').click();
    const again = dialog(page);
    await again
      .locator('input[type=file]')
      .setInputFiles({ name: 'utenti.csv', mimeType: 'text/csv', buffer: csv('dealer') });
    await expect(again.getByTestId('import-summary')).toContainText(
      'Righe pronte: 2 (nuovi utenti: 2, da aggiornare: 0)',
    );
    await again.getByTestId('import-apply').click();
    await expect(again.getByText('Importazione completata')).toBeVisible();
    await expect(again.getByText('Utenti creati: 2; aggiornati: 0.', { exact: false })).toBeVisible();
    await again.getByRole('button', { name: 'Chiudi' }).last().click();

    for (const login of [first, second]) {
      await search(page, login);
      await expect(rowOf(page, login)).toBeVisible();
    }
    await expect(rowOf(page, second)).toContainText('CR_SUBDEALER');
  });
});
