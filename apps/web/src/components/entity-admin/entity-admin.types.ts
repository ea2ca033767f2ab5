import type { Authority } from '@ricambi/domain';
import type { ReactNode } from 'react';
import type { ZodObject } from 'zod';

export type EntityRow = Record<string, unknown>;

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiselect'
  | 'datetime'
  | 'localized';

export type FieldOption = { value: string; label: string };

export type EntityField = {
  name: string;
  labelKey: string;
  kind: FieldKind;
  required?: boolean | ((values: EntityRow, editing: boolean) => boolean);
  /** Ids: shown but not editable once the entity exists. */
  readOnlyOnEdit?: boolean;
  hiddenOnCreate?: boolean;
  hiddenOnEdit?: boolean;
  visible?: (values: EntityRow) => boolean;
  options?: FieldOption[] | (() => FieldOption[]);
  min?: number;
  max?: number;
  step?: number;
  /** For 'localized': the limit per language. */
  maxLength?: number;
  /** A component of its own (typeahead, credential test, ...). */
  render?: (props: { id?: string; value: unknown; onChange: (v: unknown) => void; disabled: boolean }) => ReactNode;
  help?: string;
};

export type EntityColumn<T extends EntityRow> = {
  key: string;
  titleKey: string;
  /** The server's sort field; absent = not sortable. */
  sortField?: string;
  width?: number;
  render?: (row: T) => ReactNode;
};

/** One admin entity: everything the list, detail, dialogs and routes need (DESIGN.md "Web"). */
export type EntityConfig<T extends EntityRow = EntityRow> = {
  /** i18n base: `${name}.home.title`, `${name}.field.*`, `${name}.delete.question`, ... */
  name: string;
  apiPath: string;
  /** '/banners' — with /new, /{id}/edit, /{id}/delete as dialogs over the list. */
  listPath: string;
  /** '/banner' — read-only detail at /{detailPath}/{id}. */
  detailPath: string;
  /** Path params of the id, in order: ['id'] or ['textId', 'localeId']. */
  idParams: readonly string[];
  idOf: (row: T) => string[];
  access: { read: readonly Authority[]; write: readonly Authority[] };
  columns: EntityColumn<T>[];
  fields: EntityField[];
  schemas: { create: ZodObject; update: ZodObject };
  defaultSort?: string;
  searchable?: boolean;
  /** Include the id in the delete question (spec 3 §2). */
  deleteShowsId?: boolean;
  canDelete?: (row: T) => boolean;
  toForm?: (row: T) => EntityRow;
  fromForm?: (values: EntityRow, editing: boolean) => EntityRow;
  newDefaults?: EntityRow;
  rowActions?: (row: T) => ReactNode;
  /** After a create, update or delete (e.g. reload what depends on the entity). */
  onChanged?: () => void;
  toolbar?: ReactNode;
};
