import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyOverrides, changeLanguage, i18next, initI18n, loadAppTexts } from './index.ts';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

// Issue 11 §4: only the active language's texts are fetched; the others come on switching.
describe('languages loaded on demand', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('starts with the stored language only, and fetches another when switched to', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    localStorage.setItem('ricambi.lang', 'en');
    await initI18n();
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(true);
    for (const other of ['it', 'fr', 'de', 'es']) expect(i18next.hasResourceBundle(other, 'translation')).toBe(false);
    expect(i18next.t('global.language.en')).toBe('English');

    await changeLanguage('de');
    expect(i18next.hasResourceBundle('de', 'translation')).toBe(true);
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('ricambi.lang')).toBe('de');
    expect(i18next.t('login.form.button')).toBe('Anmelden');
  });

  it("fetches the signed-in pages' texts only once asked, then with every language", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    localStorage.setItem('ricambi.lang', 'it');
    await initI18n();
    expect(i18next.t('login.form.button')).toBe('Accedi');
    expect(i18next.exists('cart.title')).toBe(false);

    await loadAppTexts();
    expect(i18next.exists('cart.title')).toBe(true);
    await changeLanguage('fr');
    expect(i18next.exists('cart.title', { lng: 'fr', fallbackLng: false })).toBe(true);
  });

  it("keeps an override of a signed-in page's text when those texts arrive later", async () => {
    vi.stubGlobal('fetch', () => answer({ 'cart.title': 'Il mio carrello' }));
    localStorage.setItem('ricambi.lang', 'es');
    await initI18n();
    await applyOverrides('es');
    await loadAppTexts();
    expect(i18next.t('cart.title')).toBe('Il mio carrello');
  });

  it('brings the bundled text back when an override is deleted', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    localStorage.setItem('ricambi.lang', 'it');
    await initI18n();
    const original = i18next.t('global.language.it');

    vi.stubGlobal('fetch', () => answer({ 'global.language.it': 'Lingua nostra' }));
    await applyOverrides('it');
    expect(i18next.t('global.language.it')).toBe('Lingua nostra');

    vi.stubGlobal('fetch', () => answer({}));
    await applyOverrides('it');
    expect(i18next.t('global.language.it')).toBe(original);
  });
});
