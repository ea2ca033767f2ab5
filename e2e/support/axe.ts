import type { Page } from '@playwright/test';
import axe from 'axe-core';

// axe-core run in the page as @axe-core/playwright's legacy mode does, but injected once per
// document: the sweep opens its pages through the app's router, so one injection serves them all.

export type AxeScope = { include?: string; exclude?: string; rules?: string[] };

type AxeWindow = Window & { axe?: typeof axe };

/** The violations of axe's default rules (best practices included) plus target-size, or only `rules`. */
export const axeViolations = async (page: Page, scope: AxeScope = {}) => {
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, exclude, rules }) => {
      const run = (window as AxeWindow).axe as typeof axe;
      const context = { include: include ? [include] : [document], exclude: exclude ? [exclude] : [] };
      const results = await run.run(context as axe.ElementContext, {
        // Passes and inapplicable rules are not read: only the violations are collected in full.
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : { rules: { 'target-size': { enabled: true } } }),
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { include: scope.include, exclude: scope.exclude, rules: scope.rules },
  );
};
