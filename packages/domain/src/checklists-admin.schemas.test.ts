import { describe, expect, it } from 'vitest';
import { nextChecklistVersion } from './checklists-admin.schemas.ts';

// Issue 15 §7: a template in use gets a new version, numbered after its family's versions.
describe('nextChecklistVersion', () => {
  it('is one past the largest leading number of the versions', () => {
    expect(nextChecklistVersion(['1'])).toBe('2');
    expect(nextChecklistVersion(['1.1'])).toBe('2');
    expect(nextChecklistVersion(['1', '2', '1.5'])).toBe('3');
    expect(nextChecklistVersion(['10', '9'])).toBe('11');
  });

  it('starts at 1 when no version has a number', () => {
    expect(nextChecklistVersion(['A'])).toBe('1');
    expect(nextChecklistVersion([])).toBe('1');
  });
});
