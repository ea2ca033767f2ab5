import {
  BOM_PAGE_SIZE,
  type BomChild,
  type BomParent,
  CATALOGUE_STAFF_ROLES,
  type Equivalent,
  hasAnyAuthority,
  isLanguage,
  WHERE_USED_PAGE_SIZE,
} from '@ricambi/domain';
import { Link, useParams } from '@tanstack/react-router';
import { Alert, Card, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useBomChildren, useEquivalents, useWhereUsed } from '../../api/catalogue-admin.api.ts';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';

const f = (name: string) => `catalogueAdmin.field.${name}`;
const articoloCell = (a: { id: number; articolo: string } | null) =>
  a ? (
    <Link to="/articolo-detail/$id" params={{ id: String(a.id) }}>
      <code>{a.articolo}</code>
    </Link>
  ) : (
    '—'
  );

/** The bill of materials, where-used list and equivalents of the article on the master-data page. */
export const ArticoloRelations = () => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const id = Number(useParams({ strict: false }).id);
  const lang = isLanguage(i18n.language) ? i18n.language : 'it';
  const [bomPage, setBomPage] = useState(0);
  const [usedPage, setUsedPage] = useState(0);
  const staff = hasAnyAuthority(account?.authorities, CATALOGUE_STAFF_ROLES);
  const bom = useBomChildren(id, lang, bomPage);
  const used = useWhereUsed(id, lang, usedPage, staff);
  const equivalents = useEquivalents(id, lang);
  if (!Number.isFinite(id)) return null;

  const failure = (error: unknown) => <Alert type="error" showIcon title={describeError(error)} />;

  return (
    <Card style={{ marginTop: 16 }}>
      <Tabs
        items={[
          {
            key: 'bom',
            label: `${t('catalogueAdmin.relations.bom')} (${bom.data?.total ?? 0})`,
            children: bom.isError ? (
              failure(bom.error)
            ) : (
              <>
                <Table<BomChild>
                  size="small"
                  rowKey="id"
                  loading={bom.isFetching}
                  dataSource={bom.data?.items ?? []}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: t('entity.list.empty') }}
                  columns={[
                    { key: 'code', title: t(f('articolo')), render: (_, r) => articoloCell(r.figlio) },
                    { key: 'descr', title: t(f('descrizione')), render: (_, r) => r.figlio.descrizione },
                    { key: 'q', title: t(f('quantita')), render: (_, r) => `${r.quantita} ${r.figlio.unitaMisura}` },
                    { key: 'lvl', title: t(f('livelloImpiego')), dataIndex: 'livelloImpiego' },
                    { key: 'orig', title: t(f('origine')), dataIndex: 'origine' },
                  ]}
                />
                <Pager page={bomPage} total={bom.data?.total ?? 0} size={BOM_PAGE_SIZE} onChange={setBomPage} />
              </>
            ),
          },
          ...(staff
            ? [
                {
                  key: 'used',
                  label: `${t('catalogueAdmin.relations.whereUsed')} (${used.data?.total ?? 0})`,
                  children: used.isError ? (
                    failure(used.error)
                  ) : (
                    <>
                      <Table<BomParent>
                        size="small"
                        rowKey="id"
                        loading={used.isFetching}
                        dataSource={used.data?.items ?? []}
                        pagination={false}
                        scroll={{ x: 'max-content' }}
                        locale={{ emptyText: t('entity.list.empty') }}
                        columns={[
                          { key: 'code', title: t(f('articolo')), render: (_, r) => articoloCell(r.padre) },
                          { key: 'descr', title: t(f('descrizione')), render: (_, r) => r.padre.descrizione },
                          { key: 'q', title: t(f('quantita')), dataIndex: 'quantita' },
                        ]}
                      />
                      <Pager
                        page={usedPage}
                        total={used.data?.total ?? 0}
                        size={WHERE_USED_PAGE_SIZE}
                        onChange={setUsedPage}
                      />
                    </>
                  ),
                },
              ]
            : []),
          {
            key: 'equiv',
            label: `${t('catalogueAdmin.relations.equivalents')} (${equivalents.data?.length ?? 0})`,
            children: equivalents.isError ? (
              failure(equivalents.error)
            ) : (
              <Table<Equivalent>
                size="small"
                rowKey="id"
                loading={equivalents.isFetching}
                dataSource={equivalents.data ?? []}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('entity.list.empty') }}
                columns={[
                  {
                    key: 'rel',
                    title: t(f('relazione')),
                    render: (_, r) => <Tag color={r.relazione === 'ALT' ? 'blue' : 'default'}>{r.relazione}</Tag>,
                  },
                  { key: 'equiv', title: t(f('equiv')), render: (_, r) => <code>{r.equiv}</code> },
                  {
                    key: 'ours',
                    title: t('catalogueAdmin.relations.ourArticle'),
                    render: (_, r) => articoloCell(r.articolo),
                  },
                  { key: 'brand', title: t(f('marchio')), render: (_, r) => r.marchio?.descrizione ?? '' },
                  { key: 'note', title: t(f('note')), dataIndex: 'note' },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
};
