import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, renderApp, THEMES } from '../../test/render.tsx';

// Issue 11, finding 12: the 404 page showed antd's blue illustration instead of the theme.
describe('status pages', () => {
  it("draws the 404 with the theme's logo and primary colour, not antd's illustration", async () => {
    const { container } = await renderApp('/no-such-page', { account: account('dealer', ['ROLE_USER']) });
    const mark = await screen.findByTestId('status-mark');
    expect(mark.querySelector('img')?.getAttribute('src')).toBe(THEMES[0]?.logo);
    expect(mark.textContent).toBe('404');
    const colour = (mark.querySelector('span') as HTMLElement).style.color;
    // #b44a06 is the test theme's colorPrimary.
    expect(colour.replace(/\s/g, '')).toMatch(/^(#b44a06|rgb\(180,74,6\))$/i);
    expect(container.querySelector('.ant-result-image')).toBeNull();
  });
});
