import {
  BANNER_ALL_THEMES,
  BANNER_LIMITS,
  BANNER_TYPES,
  type Banner,
  type BannerSortField,
  bannerInputSchema,
  isBannerInPeriod,
  type LocalizedTexts,
  localizedText,
} from '@ricambi/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useBannerTypes } from '../../api/banners.api.ts';
import { themesQuery } from '../../api/themes.api.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatBannerDate } from '../../lib/format.ts';
import { BANNER_TYPE_ICONS } from './bannerIcons.tsx';
import { BANNERS_META } from './banners.meta.ts';

type Row = Banner & Record<string, unknown>;
type ControlProps = { id?: string; value: unknown; onChange: (v: unknown) => void; disabled: boolean };

const BannerTypeTag = ({ type }: { type: string }) => {
  const { t } = useTranslation();
  return (
    <Tag icon={BANNER_TYPE_ICONS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`banner.type.${type}`, { defaultValue: type })}
    </Tag>
  );
};

/** TUTTI, or the theme's title (its name when the theme is gone). */
const AmbienteLabel = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  const themes = useQuery(themesQuery).data;
  if (name === BANNER_ALL_THEMES) return <>{t('banner.ambiente.TUTTI')}</>;
  return <>{themes?.find((th) => th.name === name)?.title ?? name}</>;
};

/** A per-language text in the user's language (Italian when missing), cut to one line in lists. */
const LocalizedCell = ({ texts }: { texts: LocalizedTexts }) => {
  const { i18n } = useTranslation();
  const text = localizedText(texts, i18n.language);
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 360, display: 'block' }}>
      {text}
    </Typography.Text>
  );
};

/** Running, scheduled or expired; the text says it (the dot only repeats it). */
const BannerStatus = ({ row }: { row: Row }) => {
  const { t } = useTranslation();
  const now = Date.now();
  if (isBannerInPeriod(row, now)) return <Badge status="success" text={t('banner.status.active')} />;
  return Date.parse(row.startDate) > now ? (
    <Badge status="warning" text={t('banner.status.scheduled')} />
  ) : (
    <Badge status="default" text={t('banner.status.expired')} />
  );
};

/** The type select, filled from GET /api/banners/types. */
const BannerTypeSelect = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t } = useTranslation();
  const types = useBannerTypes();
  return (
    <Select
      id={id}
      value={value as string | undefined}
      onChange={onChange}
      disabled={disabled}
      loading={types.isPending}
      options={(types.data ?? []).map((type) => ({ value: type, label: t(`banner.type.${type}`) }))}
    />
  );
};

/** TUTTI or one of the themes. */
const AmbienteSelect = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t } = useTranslation();
  const themes = useQuery(themesQuery).data ?? [];
  return (
    <Select
      id={id}
      value={value as string | undefined}
      onChange={onChange}
      disabled={disabled}
      options={[
        { value: BANNER_ALL_THEMES, label: t('banner.ambiente.TUTTI') },
        ...themes.map((th) => ({ value: th.name, label: th.title })),
      ]}
    />
  );
};

const INPUT_FIELDS = ['type', 'ambiente', 'startDate', 'endDate', 'headers', 'messages'] as const;

/** Banners (spec 1 §2.1, §3, §5): the manager's list, detail and dialogs on the kit. */
export const bannersEntity: EntityConfig<Row, BannerSortField> = {
  ...BANNERS_META,
  apiPath: '/api/banners',
  idOf: (row) => [String(row.id)],
  defaultSort: 'startDate,desc',
  deleteShowsId: true,
  // Title and message side by side, language by language.
  formColumns: 2,
  formWidth: 820,
  columns: [
    { key: 'id', titleKey: 'banner.field.id', sortField: 'id', width: 80 },
    { key: 'type', titleKey: 'banner.field.type', sortField: 'type', render: (r) => <BannerTypeTag type={r.type} /> },
    {
      key: 'ambiente',
      titleKey: 'banner.field.ambiente',
      sortField: 'ambiente',
      render: (r) => <AmbienteLabel name={r.ambiente} />,
    },
    {
      key: 'startDate',
      titleKey: 'banner.field.startDate',
      sortField: 'startDate',
      render: (r) => formatBannerDate(r.startDate),
    },
    {
      key: 'endDate',
      titleKey: 'banner.field.endDate',
      sortField: 'endDate',
      render: (r) => formatBannerDate(r.endDate),
    },
    { key: 'headers', titleKey: 'banner.field.headers', render: (r) => <LocalizedCell texts={r.headers} /> },
    { key: 'status', titleKey: 'banner.field.status', render: (r) => <BannerStatus row={r} /> },
  ],
  fields: [
    {
      name: 'type',
      labelKey: 'banner.field.type',
      kind: 'select',
      required: true,
      options: () => BANNER_TYPES.map((type) => ({ value: type, label: i18next.t(`banner.type.${type}`) })),
      render: (props) => <BannerTypeSelect {...props} />,
      help: 'banner.help.type',
    },
    {
      name: 'ambiente',
      labelKey: 'banner.field.ambiente',
      kind: 'select',
      required: true,
      options: () => [{ value: BANNER_ALL_THEMES, label: i18next.t('banner.ambiente.TUTTI') }],
      render: (props) => <AmbienteSelect {...props} />,
    },
    { name: 'startDate', labelKey: 'banner.field.startDate', kind: 'datetime', required: true },
    {
      name: 'endDate',
      labelKey: 'banner.field.endDate',
      kind: 'datetime',
      required: true,
      dependencies: ['startDate'],
      validate: (end, values) =>
        dayjs.isDayjs(end) && dayjs.isDayjs(values.startDate) && !end.isAfter(values.startDate)
          ? 'banner.error.endBeforeStart'
          : undefined,
    },
    {
      name: 'headers',
      labelKey: 'banner.field.headers',
      kind: 'localized',
      required: true,
      maxLength: BANNER_LIMITS.header,
    },
    {
      name: 'messages',
      labelKey: 'banner.field.messages',
      kind: 'localized',
      required: true,
      maxLength: BANNER_LIMITS.message,
    },
  ],
  schemas: { create: bannerInputSchema, update: bannerInputSchema },
  // A new banner starts now and lasts a week, for every theme.
  get newDefaults(): EntityRow {
    const start = dayjs().second(0).millisecond(0);
    return { type: 'INFO', ambiente: BANNER_ALL_THEMES, startDate: start, endDate: start.add(7, 'day') };
  },
  fromForm: (values) => Object.fromEntries(INPUT_FIELDS.map((name) => [name, values[name]])),
};

export const BannersListPage = () => <EntityListPage config={bannersEntity} />;
export const BannerDetailPage = () => <EntityDetailPage config={bannersEntity} />;
