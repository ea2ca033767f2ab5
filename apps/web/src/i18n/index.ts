import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ricambi/domain';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Texts = Record<string, unknown>;
type Bundle = { texts: Texts; antdLocale?: Locale };

// Two chunks per language, fetched when the language is first used. <lang>.texts.ts: what every page
// may need (the shell, the errors, the pages open before signing in), with antd's and dayjs's locale
// of the language, so that no component shows another language meanwhile. <lang>.app.texts.ts: the
// signed-in pages' texts, fetched once a user is signed in, before a signed-in page renders.
const BUNDLES: Record<Language, () => Promise<Bundle>> = {
  it: () => import('./it.texts.ts'),
  en: () => import('./en.texts.ts'),
  fr: () => import('./fr.texts.ts'),
  de: () => import('./de.texts.ts'),
  es: () => import('./es.texts.ts'),
};
const APP_BUNDLES: Record<Language, () => Promise<Bundle>> = {
  it: () => import('./it.app.texts.ts'),
  en: () => import('./en.app.texts.ts'),
  fr: () => import('./fr.app.texts.ts'),
  de: () => import('./de.app.texts.ts'),
  es: () => import('./es.app.texts.ts'),
};

type Part = 'public' | 'app';
const loading = new Map<`${Part}:${Language}`, Promise<Texts>>();
const antdLocales = new Map<Language, Locale>();

/** One part of a language's bundled texts; fetched once (a failed fetch is tried again next time). */
const partOf = (part: Part, lang: Language): Promise<Texts> => {
  const known = loading.get(`${part}:${lang}`);
  if (known) return known;
  const texts = (part === 'public' ? BUNDLES : APP_BUNDLES)[lang]().then((bundle) => {
    if (bundle.antdLocale) antdLocales.set(lang, bundle.antdLocale);
    return bundle.texts;
  });
  texts.catch(() => loading.delete(`${part}:${lang}`));
  loading.set(`${part}:${lang}`, texts);
  return texts;
};

/** Whether the signed-in pages' texts are wanted (from the first signed-in page on). */
let withAppTexts = false;

/** The bundled texts of one language that the pages need now, namespaces merged. */
export const resourcesFor = async (lang: Language): Promise<Texts> => {
  const [texts, app] = await Promise.all([partOf('public', lang), withAppTexts ? partOf('app', lang) : {}]);
  return { ...texts, ...app };
};

/** Starts fetching the signed-in pages' texts of a language (the account has just said so). */
export const prefetchAppTexts = (lang: Language): Promise<void> =>
  partOf('app', lang).then(
    () => undefined,
    () => undefined,
  );

/** antd's locale of a language whose texts are loaded (every language i18next is switched to). */
export const antdLocaleOf = (lang: Language): Locale | undefined => antdLocales.get(lang);

/** The overrides last read for each language (applyOverrides), laid over the bundle each time. */
const overrides = new Map<Language, Record<string, string>>();
/** Which languages are in i18next's store, and whether with the signed-in pages' texts. */
const laid = new Map<Language, boolean>();

/**
 * Lays the bundled texts of a language into i18next, then its overrides. A copy goes in: overrides
 * are written into i18next's store, and laying the bundle down again must bring the originals back.
 */
const layDown = async (lang: Language) => {
  const app = withAppTexts;
  i18next.addResourceBundle(lang, 'translation', structuredClone(await resourcesFor(lang)), true, true);
  const own = overrides.get(lang);
  if (own) i18next.addResources(lang, 'translation', own);
  laid.set(lang, app);
};

/**
 * The signed-in pages' texts, laid into i18next before the first signed-in page renders (the
 * router awaits this); from then on every language switched to comes with them.
 */
export const loadAppTexts = async () => {
  withAppTexts = true;
  const lang = isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
  if (laid.get(lang) === true) return;
  await layDown(lang);
  if (i18next.language === lang) await i18next.changeLanguage(lang);
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
  const app = withAppTexts;
  const texts = structuredClone(await resourcesFor(lng));
  laid.clear();
  laid.set(lng, app);
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
    overrides.set(lang, (await response.json()) as Record<string, string>);
    await layDown(lang);
    if (i18next.language === lang) await i18next.changeLanguage(lang);
  } catch {
    // Without the overrides the bundled texts stand.
  }
};

/** The language the next page load starts in (the sign-in page's, before it leaves for the app). */
export const rememberLanguage = (lang: Language) => globalThis.localStorage?.setItem(STORAGE_KEY, lang);

export const changeLanguage = async (lang: Language) => {
  rememberLanguage(lang);
  if (laid.get(lang) !== withAppTexts) await layDown(lang);
  setDocumentLanguage(lang);
  await i18next.changeLanguage(lang);
  void applyOverrides(lang);
};

export { i18next };
