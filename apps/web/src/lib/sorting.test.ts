import { AUDIT_DEFAULT_SORT, AUDIT_SORT_FIELDS } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { columnSortOrder, keyedField, sortFromSorter } from './sorting.ts';

describe('table sorting', () => {
  it("shows the list's sort on its column only", () => {
    expect(columnSortOrder('timestamp,desc', 'timestamp')).toBe('descend');
    expect(columnSortOrder('principal,asc', 'principal')).toBe('ascend');
    expect(columnSortOrder('principal,asc', 'type')).toBeNull();
    expect(columnSortOrder('', 'type')).toBeNull();
  });

  it('turns a header click into `field,asc|desc`, and a cleared sort or another column into the default', () => {
    const fieldOf = keyedField(AUDIT_SORT_FIELDS);
    expect(sortFromSorter({ columnKey: 'principal', order: 'ascend' }, fieldOf, AUDIT_DEFAULT_SORT)).toBe(
      'principal,asc',
    );
    expect(sortFromSorter([{ columnKey: 'type', order: 'descend' }], fieldOf, AUDIT_DEFAULT_SORT)).toBe('type,desc');
    expect(sortFromSorter({ columnKey: 'type', order: undefined }, fieldOf, AUDIT_DEFAULT_SORT)).toBe(
      AUDIT_DEFAULT_SORT,
    );
    expect(sortFromSorter({ columnKey: 'data', order: 'ascend' }, fieldOf, AUDIT_DEFAULT_SORT)).toBe(
      AUDIT_DEFAULT_SORT,
    );
  });
});
