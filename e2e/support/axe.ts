import type { Page } from '@playwright/test';
import axe from 'axe-core';

// axe-core run in the page as @axe-core/playwright's legacy mode does, but injected once per
// document: the sweep opens its pages through the app's router, so one injection serves them all.

/** What to check: the whole document or a part of it; axe's default rules, or only `rules` or `tags`. */
export type AxeScope = { include?: string; exclude?: string; rules?: string[]; tags?: string[] };

/** The WCAG 2.2 A and AA success criteria, without axe's best practices. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * Waits until no finite animation runs, two frames in a row: a popup still fading in has the colours
 * of half its opacity, which axe would judge as they are at that instant.
 */
const animationsSettled = async (page: Page, timeout = 10_000) => {
  await page.evaluate(() => {
    (window as Window & { __axeQuietFrames?: number }).__axeQuietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const w = window as Window & { __axeQuietFrames?: number };
      const running = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      w.__axeQuietFrames = running ? 0 : (w.__axeQuietFrames ?? 0) + 1;
      return w.__axeQuietFrames >= 2;
    },
    undefined,
    { polling: 'raf', timeout },
  );
};

/**
 * The violations of axe's default rules (best practices included) plus target-size, or only `rules`
 * or `tags`, once no animation is running.
 */
export const axeViolations = async (page: Page, scope: AxeScope = {}) => {
  await animationsSettled(page);
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, exclude, rules, tags }) => {
      const run = (window as AxeWindow).axe as typeof axe;
      const context = { include: include ? [include] : [document], exclude: exclude ? [exclude] : [] };
      const only = rules
        ? { runOnly: { type: 'rule' as const, values: rules } }
        : tags
          ? { runOnly: { type: 'tag' as const, values: tags } }
          : { rules: { 'target-size': { enabled: true } } };
      const results = await run.run(context as axe.ElementContext, {
        // Passes and inapplicable rules are not read: only the violations are collected in full.
        resultTypes: ['violations'],
        ...only,
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { include: scope.include, exclude: scope.exclude, rules: scope.rules, tags: scope.tags },
  );
};

/** The violations as lines "id: target, target" (empty when there is none), for an assertion. */
export const axeFindings = async (page: Page, scope: AxeScope = {}) =>
  (await axeViolations(page, scope)).map((v) => `${v.id}: ${v.targets.join(', ')}`);
