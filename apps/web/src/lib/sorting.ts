import type { SortParam } from '@ricambi/domain';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';

/** antd's order of a column from the list's `sort` (`field,asc|desc`); null when it sorts on another field. */
export const columnSortOrder = <S extends string>(sort: SortParam<S> | '', field: S): SortOrder => {
  const [current, direction] = sort.split(',');
  if (current !== field) return null;
  return direction === 'desc' ? 'descend' : 'ascend';
};

/**
 * The list's `sort` after a click on a column header: the clicked column's field (`fieldOf` maps a
 * column key to one of the list's sortable fields), or `fallback` when the sort is cleared.
 */
export const sortFromSorter = <T, S extends string, F extends SortParam<S> | ''>(
  sorter: SorterResult<T> | SorterResult<T>[],
  fieldOf: (columnKey: unknown) => S | undefined,
  fallback: F,
): SortParam<S> | F => {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = single?.order ? fieldOf(single.columnKey) : undefined;
  return field && single?.order ? `${field},${single.order === 'ascend' ? 'asc' : 'desc'}` : fallback;
};

/** `fieldOf` for a table whose sortable columns are keyed by their field. */
export const keyedField =
  <S extends string>(fields: readonly S[]) =>
  (columnKey: unknown): S | undefined =>
    fields.find((field) => field === columnKey);
