import type { ThemeTokens } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { antdTheme, contrastRatio, shade } from './theme.tokens.ts';

const WHITE = '#ffffff';
const brand = (colorPrimary: string, colorLink = colorPrimary): ThemeTokens => ({
  colorPrimary,
  colorLink,
  colorBgLayout: '#f4f2ef',
  colorHeaderBg: '#22262b',
  colorHeaderText: WHITE,
  borderRadius: 4,
  fontFamily: 'Arial',
});

describe('theme tokens (WCAG 2.2 AA, issue 11 §5)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2);
    expect(shade('#ff8000', 0.5)).toBe('#804000');
  });

  // The demo brands' primaries, antd's default blue and a light brand colour.
  it.each(['#b44a06', '#0b6e62', '#1677ff', '#f5a623'])(
    'keeps white text at 4.5:1 on %s buttons at rest, hover and press',
    (primary) => {
      const { token } = antdTheme(brand(primary));
      for (const state of [token?.colorPrimaryHover, token?.colorPrimaryActive, token?.colorErrorHover]) {
        expect(contrastRatio(state ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
      }
      // Hover and press still differ from the resting colour.
      expect(token?.colorPrimaryHover).not.toBe(primary);
      expect(token?.colorLinkHover).not.toBe(primary);
      expect(contrastRatio(token?.colorLinkHover ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('draws warning and success text at 4.5:1 on white (a partly shipped quantity is warning text)', () => {
    const { token } = antdTheme(undefined);
    expect(contrastRatio(token?.colorWarningText ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token?.colorSuccessText ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the demo brand colours before the themes are loaded', () => {
    expect(antdTheme(undefined).token?.colorPrimary).toBe('#b44a06');
  });
});
