import { ClearOutlined, ToolOutlined } from '@ant-design/icons';
import { type DocumentDownload, type DocumentResult, isLanguage, localizedText } from '@ricambi/domain';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Flex, Grid, Row, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useComboList } from '../../api/combos.api.ts';
import { useDocumentResults, useDocumentTree } from '../../api/documents.api.ts';
import { CategoryTree } from './CategoryTree.tsx';
import { DocumentFilterBar } from './DocumentFilterBar.tsx';
import { DocumentResults } from './DocumentResults.tsx';
import {
  appliedFiltersText,
  brandOf,
  categoryChain,
  type DocumentAddress,
  type FilterChange,
  filterErrorsOf,
  filtersOf,
  languageOf,
  parseDocumentSearch,
  readerOf,
  toDocumentSearch,
  treePathText,
  treePathTitles,
  withCategory,
  withFilters,
} from './documents.filters.ts';
import './documents.css';

/**
 * The technical documents' library, /documenti?serial (spec 2 §2–§7): filters above, the category
 * tree of what they find on the left (above, folded, on tablets), the files on the right with their
 * download. Every filter is kept in the address, so that back, forward and links keep the view.
 */
export const DocumentsPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const account = useAccount();
  const wide = Grid.useBreakpoint().lg === true;
  const reader = useMemo(() => readerOf(account?.authorities, lang), [account?.authorities, lang]);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const address = useMemo(() => parseDocumentSearch(search), [search]);
  const brandList = useComboList('marchi');
  const brands = useMemo(() => (brandList.data ?? []).map((b) => b.id.chiave), [brandList.data]);
  const filters = useMemo(() => filtersOf(address, reader, brands), [address, reader, brands]);
  const chain = useMemo(() => categoryChain(address), [address]);
  const category = useMemo(() => {
    const [categoria1, categoria2, categoria3] = chain;
    return { categoria1, categoria2, categoria3 };
  }, [chain]);
  // Everyone but staff needs a brand, the first of the list, unless a serial decides.
  const ready = reader.anyBrand || Boolean(address.serial) || !brandList.isPending;
  const tree = useDocumentTree(filters, ready);
  const results = useDocumentResults(filters, category, address.page, ready);
  const errors = filterErrorsOf(tree.error ?? results.error, t);
  const blocked = Object.keys(errors).length > 0;
  const chosenTitles = useMemo(() => treePathTitles(tree.data?.nodes ?? [], chain, lang), [tree.data, chain, lang]);
  const machine = tree.isError ? null : tree.data?.macchina;

  const go = useCallback(
    (next: DocumentAddress, replace = false) =>
      void navigate({ to: '/documenti', search: toDocumentSearch(next), replace }),
    [navigate],
  );
  const change = useCallback(
    (filterChange: FilterChange, replace = false) => go(withFilters(address, filterChange), replace),
    [go, address],
  );
  const retry = () => {
    void tree.refetch();
    void results.refetch();
  };

  const logOf = (item: DocumentResult): DocumentDownload => ({
    idDocumento: item.idDocumenti,
    nomeFileOriginale: item.nomeFileOriginale,
    linguaDocumento: isLanguage(item.lingua) ? item.lingua : undefined,
    filtriRicercaApplicati: appliedFiltersText(filters, chain),
    alberoDocumento: treePathText(
      chosenTitles.length ? chosenTitles : item.categorie.map((c) => localizedText(c, lang)),
    ),
  });

  const filtered = toDocumentSearch({ ...address, page: 0 });
  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('documenti.title')}
        </Typography.Title>
        {Object.keys(filtered).length ? (
          <Button icon={<ClearOutlined />} onClick={() => go({ page: 0 })} data-testid="doc-clear">
            {t('documenti.filter.clear')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary">{t('documenti.intro')}</Typography.Paragraph>

      <DocumentFilterBar
        address={address}
        reader={reader}
        brands={brandList.data ?? []}
        brandsLoading={brandList.isPending}
        brand={brandOf(address, reader, brands)}
        lingua={languageOf(address, reader)}
        errors={errors}
        onChange={change}
      />

      {machine ? (
        <Alert
          type="info"
          showIcon
          icon={<ToolOutlined />}
          title={t('documenti.machine.title', { matricola: machine.matricola })}
          description={
            machine.modello
              ? t('documenti.machine.modello', { modello: machine.modello })
              : t('documenti.machine.noModel')
          }
          action={
            <Button size="small" onClick={() => change({ serial: undefined })} data-testid="doc-machine-clear">
              {t('documenti.machine.clear')}
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="doc-machine"
        />
      ) : null}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <CategoryTree
            tree={tree.data}
            loading={tree.isFetching}
            failed={tree.isError && !blocked}
            blocked={blocked}
            onRetry={retry}
            chain={chain}
            chosenTitles={chosenTitles}
            onChoose={(next) => go(withCategory(address, next))}
            foldable={!wide}
          />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <DocumentResults
            page={address.page}
            data={results.data}
            fetching={results.isFetching}
            error={results.isError && !blocked ? results.error : null}
            blocked={blocked}
            onRetry={retry}
            onPage={(page) => go({ ...address, page })}
            chosenTitles={chosenTitles}
            onShowAll={() => go(withCategory(address, []))}
            manager={reader.manager}
            logOf={logOf}
          />
        </Col>
      </Row>
    </Card>
  );
};
