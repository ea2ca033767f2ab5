import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ricambi/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every namespace file of every language, bundled; "mail" and "csv" are the server's and stay out.
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  ['./*/*.json', '!./*/mail.json', '!./*/csv.json'],
  {
    eager: true,
  },
);

export const resourcesFor = (lang: Language) =>
  Object.entries(files)
    .filter(([file]) => file.startsWith(`./${lang}/`))
    .reduce<Record<string, unknown>>((all, [, mod]) => Object.assign(all, mod.default), {});

const STORAGE_KEY = 'ricambi.lang';

export const storedLanguage = (): Language => {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

export const initI18n = () =>
  i18next.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: resourcesFor(lang) }])),
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Texts stored in the portal (the i18ns screens) override the bundled ones for their language.
 * The bundle is laid down again first, so that a deleted override falls back to the original.
 */
export const applyOverrides = async (lang: Language) => {
  try {
    const response = await fetch(`/api/i18n-texts/${lang}`, { credentials: 'same-origin' });
    if (!response.ok) return;
    const overrides = (await response.json()) as Record<string, string>;
    i18next.addResourceBundle(lang, 'translation', resourcesFor(lang), true, true);
    i18next.addResources(lang, 'translation', overrides);
    if (i18next.language === lang) await i18next.changeLanguage(lang);
  } catch {
    // Without the overrides the bundled texts stand.
  }
};

export const changeLanguage = async (lang: Language) => {
  globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
  void applyOverrides(lang);
};

export { i18next };
