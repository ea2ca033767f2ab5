import { ArrowLeftOutlined } from '@ant-design/icons';
import { PAGE_SIZE } from '@ricambi/domain';
import { useParams } from '@tanstack/react-router';
import { Alert, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HitPage, useByIdSearch, useFullSearch, useMachines, useTrackSearch } from '../../api/catalogue.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Pager } from '../../components/Pager.tsx';
import { ConfirmResults } from './ConfirmResults.tsx';
import { HitsTable } from './HitsTable.tsx';

type Params = Record<string, string | undefined>;
const useRouteParams = () => useParams({ strict: false }) as Params;

/** The page number belongs to one search: a new search starts at the first page. */
const usePage = (key: string) => {
  const [state, setState] = useState({ key, page: 0 });
  return [state.key === key ? state.page : 0, (page: number) => setState({ key, page })] as const;
};

const ResultsLayout = ({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div style={{ padding: '16px 0' }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        <ButtonLink to="/spare-parts" icon={<ArrowLeftOutlined />}>
          {t('search.newSearch')}
        </ButtonLink>
      </Flex>
      <div style={{ marginTop: 16 }}>{children}</div>
    </div>
  );
};

/** A page of hits with the pager; the 'did you mean' note when typos were forgiven. */
const HitsBlock = ({
  result,
  page,
  onPage,
}: {
  result: { data?: HitPage; isPending: boolean; isFetching: boolean };
  page: number;
  onPage: (page: number) => void;
}) => {
  const { t } = useTranslation();
  if (result.isPending) return <Skeleton active />;
  const data = result.data;
  if (!data || data.total === 0) return <Empty description={t('search.noResults')} />;
  return (
    <>
      {data.match === 'fuzzy' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('search.fuzzy', { words: data.corrected ?? '' })}
        />
      ) : null}
      {data.capped ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('search.capped', { count: data.total })} />
      ) : null}
      <HitsTable hits={data.items} loading={result.isFetching} />
      <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={onPage} />
    </>
  );
};

/** /search-full/{term}: a blank term (/search-full/%20) asks for one instead of calling the search. */
export const SearchFullPage = () => {
  const { t } = useTranslation();
  const term = useRouteParams().term ?? '';
  if (term.trim() === '') {
    return (
      <ResultsLayout title={t('search.free.resultsTitle')} subtitle="">
        <Alert type="warning" showIcon role="alert" data-testid="empty-term" title={t('search.emptyTerm.text')} />
      </ResultsLayout>
    );
  }
  return <FullResults term={term} />;
};

const FullResults = ({ term }: { term: string }) => {
  const { t } = useTranslation();
  const [page, setPage] = usePage(term);
  const result = useFullSearch(term, page);
  return (
    <ResultsLayout title={t('search.free.resultsTitle')} subtitle={t('search.free.resultsFor', { term })}>
      <ConfirmResults searchKey={`full:${term}`}>
        <HitsBlock result={result} page={page} onPage={setPage} />
      </ConfirmResults>
    </ResultsLayout>
  );
};

/** /search-code/{articoloId} */
export const SearchCodePage = () => {
  const { t } = useTranslation();
  const id = Number(useRouteParams().articoloId);
  const [page, setPage] = usePage(String(id));
  const result = useByIdSearch(id, 'R', page, Number.isSafeInteger(id) && id > 0);
  const code = result.data?.items[0]?.articolo ?? '';
  return (
    <ResultsLayout title={t('search.code.resultsTitle')} subtitle={code ? t('search.code.resultsFor', { code }) : ''}>
      <ConfirmResults searchKey={`code:${id}`}>
        <HitsBlock result={result} page={page} onPage={setPage} />
      </ConfirmResults>
    </ResultsLayout>
  );
};

/** One machine found by brand/model/variant and its parts (the bill of materials), paged. */
const MachineParts = ({ id, title }: { id: number; title: ReactNode }) => {
  const [page, setPage] = usePage(String(id));
  const parts = useByIdSearch(id, 'M', page);
  return (
    <Card title={title} style={{ marginBottom: 16 }}>
      <HitsBlock result={parts} page={page} onPage={setPage} />
    </Card>
  );
};

/** /search-machine/{marchio}/{modello}/{variante} */
export const SearchMachinePage = () => {
  const { t } = useTranslation();
  const { marchio, modello = '', variante = '' } = useRouteParams();
  const marchioId = Number(marchio);
  const machines = useMachines(marchioId, modello, variante);
  const brand = machines.data?.[0]?.marchio?.descrizione ?? '';
  return (
    <ResultsLayout
      title={t('search.machine.resultsTitle')}
      subtitle={[brand, modello, variante].filter(Boolean).join(' · ')}
    >
      <ConfirmResults searchKey={`machine:${marchio}/${modello}/${variante}`}>
        {machines.isPending ? (
          <Skeleton active />
        ) : (machines.data ?? []).length === 0 ? (
          <Empty description={t('search.noResults')} />
        ) : (
          machines.data?.map((m) => (
            <MachineParts
              key={m.id}
              id={m.id}
              title={
                <Flex gap={8} align="center" wrap>
                  <ButtonLink to={`/articolo/m/${m.id}`} buttonType="link" style={{ padding: 0 }}>
                    {m.articolo}
                  </ButtonLink>
                  <span>{m.descrizione}</span>
                </Flex>
              }
            />
          ))
        )}
      </ConfirmResults>
    </ResultsLayout>
  );
};

/** /search-dimensions/{larghezza}/{passo}/{maglie}/{forma} — search.form-dimensione.error when it fails. */
export const SearchDimensionsPage = () => {
  const { t } = useTranslation();
  const { larghezza = '', passo = '', maglie = '', forma = '' } = useRouteParams();
  const key = `${larghezza}/${passo}/${maglie}/${forma}`;
  const [page, setPage] = usePage(key);
  const result = useTrackSearch({ tag1: larghezza, tag2: passo, tag3: maglie, tag6: forma }, page);
  const failed = result.isError || (result.data && result.data.total === 0);
  return (
    <ResultsLayout
      title={t('search.dimensions.resultsTitle')}
      subtitle={t('search.dimensions.resultsFor', { width: larghezza, pitch: passo, links: maglie, shape: forma })}
    >
      {failed ? (
        <Alert type="error" showIcon message={t('search.form-dimensione.error')} />
      ) : (
        <ConfirmResults searchKey={`dimensions:${key}`}>
          <HitsBlock result={result} page={page} onPage={setPage} />
        </ConfirmResults>
      )}
    </ResultsLayout>
  );
};
