import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, pageQuerySchema, parseSortParam } from './paging.schemas.ts';
import { toFieldErrors } from './problem.schemas.ts';

const FIELDS = ['id', 'login', 'email'] as const;
const query = pageQuerySchema(FIELDS);

describe('page query', () => {
  it('defaults to the first page of 20, in no asked order', () => {
    expect(query.parse({})).toEqual({ page: 0, size: 20, sort: [] });
  });

  it('reads page and size from query strings and caps the size', () => {
    expect(query.parse({ page: '2', size: '50' })).toMatchObject({ page: 2, size: 50 });
    expect(query.safeParse({ size: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
    expect(query.safeParse({ page: '-1' }).success).toBe(false);
    expect(pageQuerySchema(FIELDS, { maxSize: 100 }).safeParse({ size: '101' }).success).toBe(false);
  });

  it('parses repeated `field,asc|desc` keys in order; the direction is asc when absent, in any case', () => {
    expect(query.parse({ sort: ['login,DESC', 'email', ''] }).sort).toEqual([
      { field: 'login', direction: 'desc' },
      { field: 'email', direction: 'asc' },
    ]);
    expect(query.parse({ sort: 'id,asc' }).sort).toEqual([{ field: 'id', direction: 'asc' }]);
  });

  it('refuses a field the list does not sort on, or a bad direction, as a field error on sort', () => {
    for (const sort of ['password,asc', 'login,up', 'login,asc,x', ['login,asc', 'createdDate,desc']]) {
      const parsed = query.safeParse({ sort });
      expect(parsed.success).toBe(false);
      if (!parsed.success) {
        expect(toFieldErrors(parsed.error.issues)).toEqual([{ field: 'sort', message: 'validation.invalid' }]);
      }
    }
  });

  it('parses one sort value against the fields', () => {
    expect(parseSortParam(FIELDS, 'email,desc')).toEqual({ field: 'email', direction: 'desc' });
    expect(parseSortParam(FIELDS, 'nope,desc')).toBeUndefined();
  });
});
