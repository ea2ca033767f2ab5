import dayjs from 'dayjs';

/** The one formatting helper for dates shown to users (spec 1 §9 formats). */
export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
/** Spec 1 §9: the user list shows dd/MM/yy. */
export const formatShortDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('DD/MM/YY') : '');
export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
/** Date and time to the second (audit events). */
export const formatTimestamp = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '';
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('HH:mm:ss') : '');
/** Spec 1 §9: banner dates are shown as dd-MM-yyyy HH:mm:ss (also the format of their pickers). */
export const BANNER_DATETIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const formatBannerDate = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format(BANNER_DATETIME_FORMAT) : '';
/** Spec 1 §9: date pickers show dd/MM/yyyy. */
export const DATEPICKER_FORMAT = 'DD/MM/YYYY';
/**
 * Spec 1 §9: order dates (the requested dates of the cart, the checkout and the orders) and the
 * machines' dates read dd/MM/yyyy, as their pickers do — the same on every page.
 */
export const formatOrderDate = (iso: string | null | undefined, empty = '–') =>
  iso ? dayjs(iso).format(DATEPICKER_FORMAT) : empty;

/** Date and time as the spec's dates read (dd/MM/yyyy HH:mm): a history of changes. */
export const formatDayTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format(`${DATEPICKER_FORMAT} HH:mm`) : '';

/** The decimal separator of a language (`,` in Italian, `.` in English): number inputs type and show it. */
export const decimalSeparatorOf = (lang: string) =>
  new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** A number in the user's language, at most `digits` decimals. */
export const formatNumber = (value: number | null | undefined, lang: string, digits = 1) =>
  value === null || value === undefined
    ? '–'
    : new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);

/** "1 pezzo", "2 pezzi", "2,5 kg": a quantity with its unit in the user's language (catalogue unitCount.*). */
export const formatQuantity = (
  t: (key: string, options: { count: number; defaultValue: string }) => string,
  value: number,
  unitaMisura: string,
  lang: string,
) => `${formatNumber(value, lang, 3)} ${t(`unitCount.${unitaMisura}`, { count: value, defaultValue: unitaMisura })}`;

/** Bytes as KB, MB or GB (powers of 1024). */
export const formatBytes = (bytes: number, lang: string) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, lang, unit === 0 ? 0 : 1)} ${units[unit]}`;
};

/** A duration in seconds as "3d 4h 5m" (or "42s" under a minute). */
export const formatDuration = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const parts: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'm'],
  ];
  const shown = parts.filter(([n], i) => n > 0 || (i > 0 && (parts[i - 1]?.[0] ?? 0) > 0));
  return shown.length ? shown.map(([n, u]) => `${n}${u}`).join(' ') : `${s}s`;
};

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPadOS'],
  [/iPhone/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome · Windows" from a user-agent string; the raw string when nothing is recognised. */
export const describeUserAgent = (ua: string | null | undefined) => {
  if (!ua) return '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : ua;
};

/** Spec 1 §9: prices in euro with 2 decimals, in the user's language. */
export const formatEuro = (value: number | null | undefined, lang: string) =>
  value === null || value === undefined
    ? '–'
    : new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(value);

/**
 * A percentage in the user's language ("35 %" in Italian and French, "35%" in English), at most 2
 * decimals. `value` is in percent (35 = 35 %), as the API sends it.
 */
export const formatPercent = (value: number | null | undefined, lang: string) =>
  value === null || value === undefined
    ? '–'
    : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

/** A weight in kilograms in the user's language ("0,898 kg" in Italian, "0.898 kg" in English). */
export const formatWeight = (kg: number | null | undefined, lang: string, digits = 3) =>
  kg === null || kg === undefined
    ? '–'
    : new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilogram', maximumFractionDigits: digits }).format(kg);
