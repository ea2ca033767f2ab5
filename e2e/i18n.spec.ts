import { expect, type Page, test } from '@playwright/test';
import { axeFindings, WCAG_AA } from './support/axe.ts';
import { E2E_PORT } from './support/paths.ts';
import { acknowledgeDemoBanners, dismissBannersWhenShown, expectSignedInAs, signIn } from './support/ui.ts';

const LANGS = [
  { code: 'it', name: 'Italiano', login: 'Accedi', remember: 'Ricordami', home: 'Benvenuto' },
  { code: 'en', name: 'English', login: 'Sign in', remember: 'Remember me', home: 'Welcome' },
  { code: 'fr', name: 'Français', login: 'Connexion', remember: 'Se souvenir de moi', home: 'Bienvenue' },
  { code: 'de', name: 'Deutsch', login: 'Anmelden', remember: 'Angemeldet bleiben', home: 'Willkommen' },
  { code: 'es', name: 'Español', login: 'Iniciar sesión', remember: 'Recordarme', home: 'Bienvenid' },
];

const RAW_KEY = /\b[a-z]+(?:\.[a-zA-Z-]+){1,}\.[a-zA-Z-]+\b/;

const visibleText = async (page: Page) => (await page.locator('body').textContent()) ?? '';

const chooseLanguage = async (page: Page, name: string) => {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name }).click();
};

test('the language menu switches every visible text among the five languages', async ({ page }) => {
  await page.goto('/login');
  const texts = new Map<string, string>();
  for (const lang of LANGS) {
    await chooseLanguage(page, lang.name);
    await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.login);
    await expect(page.getByRole('checkbox', { name: lang.remember })).toBeVisible();
    const text = await visibleText(page);
    expect(text, `${lang.code}: a raw i18n key is visible`).not.toMatch(RAW_KEY);
    texts.set(lang.code, text);
  }
  // Every language shows a different page: nothing stayed in the previous language.
  expect(new Set(texts.values()).size).toBe(LANGS.length);
  for (const lang of LANGS.slice(1)) {
    const italianLines = new Set((texts.get('it') ?? '').split('\n').filter((l) => l.trim().length > 3));
    const same = (texts.get(lang.code) ?? '')
      .split('\n')
      .filter((l) => italianLines.has(l))
      .filter((l) => !/Eurocomach|Home|Italiano|English|Français|Deutsch|Español|Password|E-mail|^©/.test(l));
    expect(same, `${lang.code} still shows Italian text`).toEqual([]);
  }
});

test('the sign-in page chooses its language from the keyboard too', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-menu').focus();
  await page.keyboard.press('ArrowDown');
  // The menu opens on the current language; ↓ ↓ moves to the third entry.
  await expect(page.getByRole('menuitem', { name: 'Italiano' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Français' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  await expect(page.getByTestId('language-menu')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
});

test('after sign-in the account language wins over the one chosen on the login page', async ({ page }) => {
  await dismissBannersWhenShown(page);
  await page.goto('/login');
  await chooseLanguage(page, 'English');
  // The form is in English now; sign in with English labels.
  await page.getByLabel('Username').fill('manager');
  await page.getByLabel('Password', { exact: true }).fill('manager');
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expectSignedInAs(page, 'manager');
  await acknowledgeDemoBanners(page);
  // manager's langKey is Italian.
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

// One test a language (six page loads each), so that a slow machine gives each its own time.
for (const lang of LANGS) {
  test(`every account page is translated: ${lang.code}`, async ({ page }) => {
    await signIn(page, 'manager');
    await chooseLanguage(page, lang.name);
    await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
    for (const path of ['/', '/settings', '/password', '/cookie-and-privacy-policy', '/accessdenied']) {
      await page.goto(path);
      await expect(page.locator('main').first()).not.toBeEmpty();
      const text = await visibleText(page);
      expect(text, `${lang.code} ${path}: raw i18n key`).not.toMatch(RAW_KEY);
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lang.home);
  });
}

for (const host of ['localhost', 'tracks.localhost']) {
  test(`login and home pass the accessibility check (${host})`, async ({ page }) => {
    await page.goto(`http://${host}:${E2E_PORT}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeFindings(page, { tags: WCAG_AA })).toEqual([]);
    await page.goto(`http://${host}:${E2E_PORT}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeFindings(page, { tags: WCAG_AA })).toEqual([]);
  });
}
