import type { Account, Authority, SortParam } from '@ricambi/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { Breakpoint } from 'antd';
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
  /** Shown but not editable while this holds (e.g. only once the entity exists). */
  disabled?: (values: EntityRow, editing: boolean) => boolean;
  /** i18n key of a heading shown above this field in the dialog (a group of fields starts here). */
  section?: string;
  /** Spans both columns of a two-column dialog. */
  wide?: boolean;
  /** How the detail page shows the value, when not as the kind says. */
  display?: (value: unknown, values: EntityRow) => ReactNode;
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
  /** i18n key of a hint under the field; a function when it differs between create and edit. */
  help?: string | ((editing: boolean) => string | undefined);
  /** A rule across fields (e.g. end after start): the i18n key of the error, or undefined. */
  validate?: (value: unknown, values: EntityRow) => string | undefined;
  /** Fields whose change re-checks this one (for `validate`). */
  dependencies?: string[];
  /**
   * i18n key of a tab: fields with a tab are shown below the others, in tabs (every tab mounted, so
   * validation covers the hidden ones). A field labelled as its tab is shown without its own label.
   */
  tab?: string;
  /**
   * A composite editor (rows of a table, uploads): its value is the editor's own state, not what is
   * sent (fromForm turns it into the body), so the schema's rule of the same name is not applied and
   * `validate` checks it; the editor marks its own controls (the field's error leaves them as they are).
   */
  composite?: boolean;
};

/** `S`: the list's sortable fields (the domain's union): a column can sort only on one of them. */
export type EntityColumn<T extends EntityRow, S extends string = never> = {
  key: string;
  titleKey: string;
  /** The server's sort field; absent = not sortable. */
  sortField?: S;
  width?: number;
  /** Shown only from these screen sizes up (a secondary column hidden on a tablet). */
  responsive?: Breakpoint[];
  render?: (row: T) => ReactNode;
};

/** One admin entity: everything the list, detail, dialogs and routes need (DESIGN.md "Web"). */
export type EntityConfig<T extends EntityRow = EntityRow, S extends string = never> = {
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
  /** `write` empty: a read-only entity (no new, edit or delete; its routes have no dialogs). */
  access: { read: readonly Authority[]; write: readonly Authority[] };
  columns: EntityColumn<T, S>[];
  fields: EntityField[];
  /** The dialogs' rules; absent on a read-only entity. */
  schemas?: { create: ZodObject; update: ZodObject };
  defaultSort?: SortParam<S>;
  searchable?: boolean;
  /** Include the id in the delete question (spec 3 §2). */
  deleteShowsId?: boolean;
  /** Whether the row's delete button is enabled (e.g. never for the signed-in account itself). */
  canDelete?: (row: T, account: Account | null) => boolean;
  /** 'middle' for a list of many columns (less padding). */
  tableSize?: 'small' | 'middle' | 'large';
  /** The new/edit dialog in two columns (wide fields span both), and its width. */
  formColumns?: 1 | 2;
  formWidth?: number;
  toForm?: (row: T) => EntityRow;
  fromForm?: (values: EntityRow, editing: boolean) => EntityRow;
  newDefaults?: EntityRow;
  rowActions?: (row: T) => ReactNode;
  /** After a create, update or delete (e.g. reload what depends on the entity). */
  onChanged?: () => void;
  /** Cached queries a create, update or delete also makes stale (key prefixes; e.g. other entities). */
  invalidates?: readonly QueryKey[];
  toolbar?: ReactNode;
};
