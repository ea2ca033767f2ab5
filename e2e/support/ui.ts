import { expect, type Page } from '@playwright/test';

/** Signs in through the real login form (Italian UI unless the page was switched). */
export const signIn = async (page: Page, username: string, password = username, rememberMe = true) => {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const remember = page.getByRole('checkbox', { name: 'Ricordami' });
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await page.getByRole('button', { name: 'Accedi' }).last().click();
};

export const expectSignedInAs = async (page: Page, login: string) => {
  await expect(page.getByTestId('account-menu')).toContainText(login);
};

export const signOut = async (page: Page) => {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
