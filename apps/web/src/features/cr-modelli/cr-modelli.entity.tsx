import { type CrModelli, type CrModelliSortField, crModelliInputSchema, MACHINE_LIMITS } from '@ricambi/domain';
import { Typography } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { CR_MODELLI_META } from './cr-modelli.meta.ts';

type Row = CrModelli & EntityRow;

/**
 * Machine models (spec 2 §2, §3: ROLE_MANAGER) on the kit. The spec lists them without paging or
 * sorting; the kit pages by 20 in model order (docs/decisions.md).
 */
export const crModelliEntity: EntityConfig<Row, CrModelliSortField> = {
  ...CR_MODELLI_META,
  apiPath: '/api/crModellis',
  idOf: (row) => [String(row.id)],
  defaultSort: 'modello,asc',
  deleteShowsId: true,
  columns: [
    { key: 'id', titleKey: 'crModelli.field.id', width: 90 },
    { key: 'modello', titleKey: 'crModelli.field.modello' },
    {
      key: 'note',
      titleKey: 'crModelli.field.note',
      render: (r) => (
        <Typography.Text ellipsis={{ tooltip: r.note }} style={{ maxWidth: 480, display: 'block' }}>
          {r.note}
        </Typography.Text>
      ),
    },
  ],
  fields: [
    { name: 'id', labelKey: 'crModelli.field.id', kind: 'number', hiddenOnCreate: true, hiddenOnEdit: true },
    {
      name: 'modello',
      labelKey: 'crModelli.field.modello',
      kind: 'text',
      required: true,
      maxLength: MACHINE_LIMITS.modello,
    },
    { name: 'note', labelKey: 'crModelli.field.note', kind: 'textarea', maxLength: MACHINE_LIMITS.crModelliNote },
  ],
  schemas: { create: crModelliInputSchema, update: crModelliInputSchema },
  fromForm: (values) => ({ modello: values.modello, note: values.note ?? null }),
};

export const CrModelliListPage = () => <EntityListPage config={crModelliEntity} />;
export const CrModelliDetailPage = () => <EntityDetailPage config={crModelliEntity} />;
