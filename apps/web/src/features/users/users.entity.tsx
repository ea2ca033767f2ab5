import {
  COUNTRIES,
  isLanguage,
  LANGUAGES,
  LIMITS,
  LOGICHE,
  SUBDEALER_FIELDS,
  USER_DEFAULTS,
  type User,
  type UserSortField,
  userCreateSchema,
  userUpdateSchema,
} from '@ricambi/domain';
import { Typography } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatDateTime, formatShortDate } from '../../lib/format.ts';
import { ImportUsersButton } from './ImportUsersDialog.tsx';
import {
  ActivationLabel,
  AuthoritiesSelect,
  AuthorityTags,
  DealerTypeahead,
  ErpPasswordField,
  ThemeName,
  ThemeSelect,
} from './UserControls.tsx';
import { USERS_META } from './users.meta.ts';

type Row = User & Record<string, unknown>;

const isSubdealer = (values: EntityRow) => values.logica === 'subdealer';

/** A long text cut to one line in the list, whole on hover. */
const Clipped = ({ text, max }: { text: string | null; max: number }) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: max }}>
    {text ?? ''}
  </Typography.Text>
);
const language = () => (isLanguage(i18next.language) ? i18next.language : 'it');
const field = (name: string) => `userManagement.field.${name}`;

/** Fields that may be cleared: an emptied control is sent as null (undefined would keep the value). */
const NULLABLE = ['firstName', 'lastName', 'company', 'tema', 'temaPdf', 'erpUser', ...SUBDEALER_FIELDS] as const;
const EDITABLE = [
  ...NULLABLE,
  'email',
  'activated',
  'langKey',
  'authorities',
  'logica',
  'vedeSconto',
  'vedePrezzi',
  'vedeTutteLeMatricole',
  'markup',
  'sconto',
] as const;

/** What the dialog sends: the editable fields, plus the login and password on create. */
const fromForm = (values: EntityRow, editing: boolean): EntityRow => {
  const body: EntityRow = {};
  for (const name of EDITABLE) body[name] = values[name];
  for (const name of NULLABLE) if (body[name] === undefined || body[name] === '') body[name] = null;
  if (!editing) body.login = values.login;
  if (values.newPassword) body.newPassword = values.newPassword;
  if (values.erpPassword) body.erpPassword = values.erpPassword;
  return body;
};

const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;

const FIELDS: EntityField[] = [
  {
    name: 'login',
    labelKey: field('login'),
    kind: 'text',
    required: true,
    readOnlyOnEdit: true,
    section: 'userManagement.section.account',
  },
  { name: 'email', labelKey: field('email'), kind: 'text', required: true },
  { name: 'firstName', labelKey: field('firstName'), kind: 'text' },
  { name: 'lastName', labelKey: field('lastName'), kind: 'text' },
  { name: 'company', labelKey: field('company'), kind: 'text' },
  {
    name: 'newPassword',
    labelKey: field('newPassword'),
    kind: 'password',
    required: (_, editing) => !editing,
    help: (editing) => (editing ? 'userManagement.help.newPassword' : undefined),
  },
  {
    name: 'langKey',
    labelKey: field('langKey'),
    kind: 'select',
    required: true,
    options: () => LANGUAGES.map((l) => ({ value: l, label: i18next.t(`global.language.${l}`) })),
  },
  // Spec 1 §5: activated is disabled while the user has no id.
  { name: 'activated', labelKey: field('activated'), kind: 'switch', disabled: (_, editing) => !editing },
  {
    name: 'authorities',
    labelKey: field('authorities'),
    kind: 'multiselect',
    wide: true,
    render: (props) => <AuthoritiesSelect {...props} />,
    display: (value) => <AuthorityTags authorities={Array.isArray(value) ? (value as string[]) : []} />,
  },
  {
    name: 'logica',
    labelKey: field('logica'),
    kind: 'select',
    required: true,
    section: 'userManagement.section.commercial',
    options: () => LOGICHE.map((l) => ({ value: l, label: i18next.t(`userManagement.logiche.${l}`) })),
  },
  {
    name: 'tema',
    labelKey: field('tema'),
    kind: 'select',
    render: (props) => <ThemeSelect pdf={false} {...props} />,
    display: (value) => <ThemeName name={value} pdf={false} />,
  },
  {
    name: 'temaPdf',
    labelKey: field('temaPdf'),
    kind: 'select',
    render: (props) => <ThemeSelect pdf {...props} />,
    display: (value) => <ThemeName name={value} pdf />,
  },
  {
    name: 'markup',
    labelKey: field('markup'),
    kind: 'number',
    min: LIMITS.markup.min,
    max: LIMITS.markup.max,
    step: LIMITS.markup.step,
  },
  {
    name: 'sconto',
    labelKey: field('sconto'),
    kind: 'number',
    min: LIMITS.sconto.min,
    max: LIMITS.sconto.max,
    step: LIMITS.sconto.step,
  },
  { name: 'vedePrezzi', labelKey: field('vedePrezzi'), kind: 'switch' },
  { name: 'vedeSconto', labelKey: field('vedeSconto'), kind: 'switch' },
  { name: 'vedeTutteLeMatricole', labelKey: field('vedeTutteLeMatricole'), kind: 'switch' },
  // Spec 1 §5: shown for logica subdealer only, where the dealer is required.
  {
    name: 'dealerLogin',
    labelKey: field('dealerLogin'),
    kind: 'text',
    section: 'userManagement.section.subdealer',
    visible: isSubdealer,
    required: isSubdealer,
    wide: true,
    render: (props) => <DealerTypeahead {...props} />,
  },
  { name: 'indirizzo', labelKey: field('indirizzo'), kind: 'text', visible: isSubdealer, wide: true },
  { name: 'cap', labelKey: field('cap'), kind: 'text', visible: isSubdealer },
  { name: 'citta', labelKey: field('citta'), kind: 'text', visible: isSubdealer },
  {
    name: 'stato',
    labelKey: field('stato'),
    kind: 'select',
    visible: isSubdealer,
    options: () => COUNTRIES.map((c) => ({ value: c.code, label: c.names[language()] })),
  },
  { name: 'erpUser', labelKey: field('erpUser'), kind: 'text', section: 'userManagement.section.erp' },
  {
    name: 'erpPassword',
    labelKey: field('erpPassword'),
    kind: 'password',
    render: (props) => <ErpPasswordField {...props} />,
  },
  { name: 'erpPasswordSet', labelKey: field('erpPasswordSet'), kind: 'switch', ...displayOnly },
  { name: 'createdBy', labelKey: field('createdBy'), kind: 'text', ...displayOnly },
  {
    name: 'createdDate',
    labelKey: field('createdDate'),
    kind: 'text',
    ...displayOnly,
    display: (v) => formatDateTime(v as string),
  },
  { name: 'lastModifiedBy', labelKey: field('lastModifiedBy'), kind: 'text', ...displayOnly },
  {
    name: 'lastModifiedDate',
    labelKey: field('lastModifiedDate'),
    kind: 'text',
    ...displayOnly,
    display: (v) => (v ? formatDateTime(v as string) : '—'),
  },
];

/** User management (spec 1 §2.1, §2.3, §3, §5) on the administration kit. */
export const usersEntity: EntityConfig<Row, UserSortField> = {
  ...USERS_META,
  apiPath: '/api/users',
  idOf: (row) => [row.login],
  defaultSort: 'id,asc',
  searchable: true,
  deleteShowsId: true,
  // Spec 1 §2.3: the delete button is disabled for the current account.
  canDelete: (row, account) => row.login !== account?.login,
  tableSize: 'middle',
  formColumns: 2,
  formWidth: 880,
  columns: [
    { key: 'id', titleKey: field('id'), sortField: 'id', width: 70, responsive: ['xl'] },
    {
      key: 'login',
      titleKey: field('login'),
      sortField: 'login',
      render: (r) => <Typography.Text strong>{r.login}</Typography.Text>,
    },
    // Before the long columns, so that the toggle is in view on a tablet too.
    { key: 'activated', titleKey: field('activated'), render: (r) => <ActivationLabel user={r} /> },
    {
      key: 'company',
      titleKey: field('company'),
      sortField: 'company',
      render: (r) => <Clipped text={r.company} max={150} />,
    },
    {
      key: 'email',
      titleKey: field('email'),
      sortField: 'email',
      responsive: ['lg'],
      render: (r) => <Clipped text={r.email} max={180} />,
    },
    {
      key: 'authorities',
      titleKey: 'userManagement.profiles',
      responsive: ['lg'],
      render: (r) => <AuthorityTags authorities={r.authorities} />,
    },
    {
      key: 'createdDate',
      titleKey: 'userManagement.column.createdDate',
      sortField: 'createdDate',
      responsive: ['xl'],
      render: (r) => formatShortDate(r.createdDate),
    },
    { key: 'lastModifiedBy', titleKey: field('lastModifiedBy'), sortField: 'lastModifiedBy', responsive: ['xl'] },
  ],
  fields: FIELDS,
  schemas: { create: userCreateSchema, update: userUpdateSchema },
  newDefaults: { ...USER_DEFAULTS, authorities: [...USER_DEFAULTS.authorities] },
  toForm: (row) => ({ ...row, newPassword: undefined, erpPassword: undefined }),
  fromForm,
  toolbar: <ImportUsersButton />,
};

export const UsersListPage = () => <EntityListPage config={usersEntity} />;
export const UserDetailPage = () => <EntityDetailPage config={usersEntity} />;
