import { describe, expect, it } from 'vitest';
import { workingDayWithin } from '../src/seed/demo-order-history.seed.ts';

const DAY = 24 * 60 * 60 * 1000;
const weekday = (ms: number) => new Date(ms).getUTCDay();

// The demo history spreads orders over the past two years on working days only; the day it is
// loaded (a Saturday once hung the seed) must not matter.
describe('the demo order history picks working days', () => {
  it('returns a working day within the range from any day of the week, whatever weekday the range starts on', () => {
    const monday = Date.UTC(2026, 10, 23);
    for (let start = 0; start < 7; start++) {
      const earliest = monday + start * DAY;
      for (let offset = -3; offset < 21; offset++) {
        const t = earliest + offset * DAY;
        const day = workingDayWithin(t, earliest);
        expect([0, 6]).not.toContain(weekday(day));
        expect(day).toBeGreaterThanOrEqual(earliest);
        if (offset >= 0 && ![0, 6].includes(weekday(t))) expect(day).toBe(t);
        if (day < t) expect(t - day).toBeLessThanOrEqual(2 * DAY);
      }
    }
  });
});
