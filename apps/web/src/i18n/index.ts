import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ricambi/domain';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Texts = Record<string, unknown>;

// One chunk per language (<lang>.texts.ts), fetched when the language is first used: the texts, and
// antd's and dayjs's locale of the language, so that no component shows another language meanwhile.
const BUNDLES: Record<Language, () => Promise<{ texts: Texts; antdLocale: Locale }>> = {
  it: () => import('./it.texts.ts'),
  en: () => import('./en.texts.ts'),
  fr: () => import('./fr.texts.ts'),
  de: () => import('./de.texts.ts'),
  es: () => import('./es.texts.ts'),
};

const loading = new Map<Language, Promise<Texts>>();
const antdLocales = new Map<Language, Locale>();

/** The bundled texts of one language, all namespaces merged; fetched once. */
export const resourcesFor = (lang: Language): Promise<Texts> => {
  const known = loading.get(lang);
  if (known) return known;
  const texts = BUNDLES[lang]().then((bundle) => {
    antdLocales.set(lang, bundle.antdLocale);
    return bundle.texts;
  });
  // A failed fetch (the network, say) is tried again on the next call.
  texts.catch(() => loading.delete(lang));
  loading.set(lang, texts);
  return texts;
};

/** antd's locale of a language whose texts are loaded (every language i18next is switched to). */
export const antdLocaleOf = (lang: Language): Locale | undefined => antdLocales.get(lang);

/**
 * Lays the bundled texts of a language into i18next. A copy goes in: overrides are written into
 * i18next's store, and laying the bundle down again must bring the originals back.
 */
const layDown = async (lang: Language) => {
  i18next.addResourceBundle(lang, 'translation', structuredClone(await resourcesFor(lang)), true, true);
};

const STORAGE_KEY = 'ricambi.lang';

export const storedLanguage = (): Language => {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

const setDocumentLanguage = (lang: Language) => {
  if (globalThis.document) document.documentElement.lang = lang;
};

/** Starts i18next with the stored language, the only one fetched; the others come on switching. */
export const initI18n = async () => {
  const lng = storedLanguage();
  const texts = structuredClone(await resourcesFor(lng));
  setDocumentLanguage(lng);
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: texts } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
};

/**
 * Texts stored in the portal (the i18ns screens) override the bundled ones for their language.
 * The bundle is laid down again first, so that a deleted override falls back to the original.
 */
export const applyOverrides = async (lang: Language) => {
  try {
    const response = await fetch(`/api/i18n-texts/${lang}`, { credentials: 'same-origin' });
    if (!response.ok) return;
    const overrides = (await response.json()) as Record<string, string>;
    await layDown(lang);
    i18next.addResources(lang, 'translation', overrides);
    if (i18next.language === lang) await i18next.changeLanguage(lang);
  } catch {
    // Without the overrides the bundled texts stand.
  }
};

export const changeLanguage = async (lang: Language) => {
  globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  if (!i18next.hasResourceBundle(lang, 'translation')) await layDown(lang);
  setDocumentLanguage(lang);
  await i18next.changeLanguage(lang);
  void applyOverrides(lang);
};

export { i18next };
