import { describe, expect, it } from 'vitest';
import { A11Y_PAGES } from '../../../../e2e/support/a11y-routes.ts';
import { ROUTES } from './routes.ts';

describe('accessibility sweep (issue 11 §5)', () => {
  it('opens every route of the route table, and only those', () => {
    const swept = A11Y_PAGES.map((p) => p.route);
    expect([...swept].sort()).toEqual(ROUTES.map((r) => r.path).sort());
    expect(A11Y_PAGES.every((p) => p.users.length > 0)).toBe(true);
  });
});
