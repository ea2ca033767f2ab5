import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { createQueryClient, QueryClientProvider, ThemedProviders } from './providers.tsx';

const original = window.matchMedia;
const prefersReducedMotion = (reduce: boolean) => {
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  })) as typeof window.matchMedia;
};

const Motion = () => <output data-testid="motion">{String(theme.useToken().token.motion)}</output>;

const renderMotion = async () => {
  await initI18n();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemedProviders>
        <Motion />
      </ThemedProviders>
    </QueryClientProvider>,
  );
  return screen.getByTestId('motion').textContent;
};

// WCAG 2.3.3: a user whose system asks for less motion gets dialogs, lists and alerts without animation.
describe('motion', () => {
  afterEach(() => {
    window.matchMedia = original;
  });

  it('animates by default', async () => {
    prefersReducedMotion(false);
    expect(await renderMotion()).toBe('true');
  });

  it('turns antd motion off when the system asks for reduced motion', async () => {
    prefersReducedMotion(true);
    expect(await renderMotion()).toBe('false');
  });
});
