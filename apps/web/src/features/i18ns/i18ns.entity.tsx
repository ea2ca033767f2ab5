import {
  I18N_TEXT_LIMITS,
  type I18nText,
  type I18nTextSortField,
  i18nTextCreateSchema,
  i18nTextUpdateSchema,
  isLanguage,
  LANGUAGES,
} from '@ricambi/domain';
import { Tag } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig } from '../../components/entity-admin/entity-admin.types.ts';
import { applyOverrides, i18next } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { I18NS_META } from './i18ns.meta.ts';

type Row = I18nText & Record<string, unknown>;

/** Translation texts (spec 2 §2): composite id (textId, localeId); the locale is read-only on edit. */
export const i18nsEntity: EntityConfig<Row, I18nTextSortField> = {
  ...I18NS_META,
  apiPath: '/api/i18ns',
  idOf: (row) => [row.textId, row.localeId],
  defaultSort: 'textId,asc',
  searchable: true,
  deleteShowsId: true,
  columns: [
    { key: 'textId', titleKey: 'i18ns.field.textId', sortField: 'textId', render: (r) => <code>{r.textId}</code> },
    {
      key: 'localeId',
      titleKey: 'i18ns.field.localeId',
      sortField: 'localeId',
      width: 110,
      render: (r) => <Tag>{r.localeId}</Tag>,
    },
    { key: 'text', titleKey: 'i18ns.field.text', sortField: 'text' },
    {
      key: 'lastModifiedDate',
      titleKey: 'entity.field.lastModifiedDate',
      render: (r) => formatDateTime(r.lastModifiedDate ?? r.createdDate),
    },
  ],
  fields: [
    {
      name: 'textId',
      labelKey: 'i18ns.field.textId',
      kind: 'text',
      required: true,
      readOnlyOnEdit: true,
      help: 'i18ns.help.textId',
    },
    {
      name: 'localeId',
      labelKey: 'i18ns.field.localeId',
      kind: 'select',
      required: true,
      readOnlyOnEdit: true,
      options: () => LANGUAGES.map((l) => ({ value: l, label: i18next.t(`global.language.${l}`) })),
    },
    { name: 'text', labelKey: 'i18ns.field.text', kind: 'textarea', required: true, maxLength: I18N_TEXT_LIMITS.text },
  ],
  schemas: { create: i18nTextCreateSchema, update: i18nTextUpdateSchema },
  fromForm: (values, editing) => (editing ? { text: values.text } : values),
  onChanged: () => void applyOverrides(isLanguage(i18next.language) ? i18next.language : 'it'),
};

export const I18nsListPage = () => <EntityListPage config={i18nsEntity} />;
export const I18nDetailPage = () => <EntityDetailPage config={i18nsEntity} />;
