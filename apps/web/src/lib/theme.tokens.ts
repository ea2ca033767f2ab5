import type { ThemeTokens } from '@ricambi/domain';
import type { ThemeConfig } from 'antd';

const channels = (hex: string) => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
};

const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2.2 contrast ratio of two #rrggbb colours (1 to 21). */
export const contrastRatio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The colour mixed with black by `amount` (0 to 1). */
export const shade = (hex: string, amount: number) =>
  `#${channels(hex)
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * A shade of the colour, darkened step by step until white text on it (or it on white) reaches
 * 4.5:1, and at least `amount` darker so that hover and press still show.
 */
const darkerFor = (hex: string, amount: number) => {
  let step = amount;
  let out = shade(hex, step);
  while (contrastRatio(out, '#ffffff') < 4.5 && step < 1) {
    step += 0.05;
    out = shade(hex, step);
  }
  return out;
};

const DEFAULT_PRIMARY = '#b44a06';
const DEFAULT_HEADER_BG = '#22262b';
const ERROR = '#cf1322';
/** antd's gold 9 and green 8: 6.8:1 and 5.6:1 on white. */
const WARNING_TEXT = '#874d00';
const SUCCESS_TEXT = '#237804';

/**
 * A brand's colours with hover and press shades that keep 4.5:1 (see antdTheme): what antd's tokens
 * and the sign-in page's style sheet (login/login.css) are drawn with.
 */
export const brandColours = (tokens: ThemeTokens | undefined) => {
  const primary = tokens?.colorPrimary ?? DEFAULT_PRIMARY;
  const link = tokens?.colorLink ?? primary;
  return {
    primary,
    primaryHover: darkerFor(primary, 0.12),
    primaryActive: darkerFor(primary, 0.24),
    link,
    linkHover: darkerFor(link, 0.12),
    linkActive: darkerFor(link, 0.24),
    headerBg: tokens?.colorHeaderBg ?? DEFAULT_HEADER_BG,
    headerText: tokens?.colorHeaderText ?? '#ffffff',
    error: ERROR,
  };
};

/**
 * antd design tokens of a brand theme. antd derives hover and active colours lighter than the
 * primary (4.0:1 under white text for the demo brand); they are set darker here so that every
 * state keeps the 4.5:1 of WCAG 2.2 AA. Greys that antd draws below 4.5:1 on white are darkened too;
 * preset tag colours are darkened in global.css.
 */
export const antdTheme = (tokens: ThemeTokens | undefined): Pick<ThemeConfig, 'token' | 'components'> => {
  const colours = brandColours(tokens);
  const { primary, headerBg } = colours;
  return {
    token: {
      ...(tokens
        ? {
            colorLink: tokens.colorLink,
            colorBgLayout: tokens.colorBgLayout,
            borderRadius: tokens.borderRadius,
            fontFamily: tokens.fontFamily,
          }
        : {}),
      colorPrimary: primary,
      colorPrimaryHover: colours.primaryHover,
      colorPrimaryActive: colours.primaryActive,
      colorLinkHover: colours.linkHover,
      colorLinkActive: colours.linkActive,
      colorInfo: primary,
      colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
      colorTextDescription: 'rgba(0, 0, 0, 0.65)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
      // antd's default red (#ff4d4f) under white text on danger buttons is below 4.5:1.
      colorError: ERROR,
      colorErrorHover: darkerFor(ERROR, 0.12),
      colorErrorActive: darkerFor(ERROR, 0.24),
      // Warning and success text (a partly shipped quantity) in antd's defaults are 2.9:1 and 3.5:1 on white.
      colorWarningText: WARNING_TEXT,
      colorSuccessText: SUCCESS_TEXT,
    },
    components: {
      Layout: { headerBg, headerPadding: '0 24px', footerBg: 'transparent' },
      // Narrower entries: the main menu fits the header at 1280 px for every role in Italian.
      Menu: { darkItemBg: headerBg, darkPopupBg: headerBg, darkItemSelectedBg: primary, itemPaddingInline: 12 },
      // Alerts stay 30 s (spec 1 §8): a menu the user opens (language, account) must open above them.
      Dropdown: { zIndexPopup: 2100 },
    },
  };
};
