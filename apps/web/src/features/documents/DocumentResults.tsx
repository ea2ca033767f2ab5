import { ReloadOutlined } from '@ant-design/icons';
import { DOCUMENT_PAGE_SIZE, type DocumentDownload, type DocumentResult } from '@ricambi/domain';
import { Alert, Button, Empty, Skeleton, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../api/http.ts';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';
import { DocumentResultItem } from './DocumentResultItem.tsx';

export type DocumentResultsProps = {
  page: number;
  data: Page<DocumentResult> | undefined;
  /** Reading another page or other filters while the last answer is shown. */
  fetching: boolean;
  error: unknown;
  /** The filters are refused (the messages are under them). */
  blocked: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  /** The chosen category's titles from the top (none: every category). */
  chosenTitles: readonly string[];
  onShowAll: () => void;
  manager: boolean;
  logOf: (item: DocumentResult) => DocumentDownload;
};

/** The files the filters find, 20 a page (spec 2 §2, §9), with their loading, empty and error states. */
export const DocumentResults = ({
  page,
  data,
  fetching,
  error,
  blocked,
  onRetry,
  onPage,
  chosenTitles,
  onShowAll,
  manager,
  logOf,
}: DocumentResultsProps) => {
  const { t } = useTranslation();
  const top = useRef<HTMLDivElement>(null);
  const path = chosenTitles.join(' > ');

  if (blocked)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('documenti.result.fixFilters')}
        data-testid="doc-blocked"
      />
    );
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('documenti.result.error')}
        description={describeError(error)}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} data-testid="doc-retry">
            {t('documenti.result.retry')}
          </Button>
        }
        data-testid="doc-error"
      />
    );
  if (!data)
    return (
      <div aria-busy="true" data-testid="doc-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} active avatar={{ shape: 'square', size: 72 }} paragraph={{ rows: 3 }} />
        ))}
      </div>
    );

  return (
    <div ref={top}>
      <Typography.Paragraph role="status" aria-live="polite" strong data-testid="doc-count">
        {path
          ? t('documenti.result.foundIn', { path, count: data.total })
          : t('documenti.result.found', { count: data.total })}
      </Typography.Paragraph>
      {data.items.length === 0 ? (
        <Empty
          description={
            <>
              <div>{t(path ? 'documenti.result.emptyCategory' : 'documenti.result.empty')}</div>
              <Typography.Text type="secondary">{t('documenti.result.emptyHint')}</Typography.Text>
            </>
          }
          data-testid="doc-empty"
        >
          {path ? <Button onClick={onShowAll}>{t('documenti.result.showAll')}</Button> : null}
        </Empty>
      ) : (
        <Spin spinning={fetching} delay={200}>
          <ul
            className="documents-results"
            aria-label={t('documenti.result.label')}
            aria-busy={fetching}
            data-testid="doc-results"
          >
            {data.items.map((item) => (
              <DocumentResultItem key={item.id} item={item} manager={manager} logOf={logOf} />
            ))}
          </ul>
        </Spin>
      )}
      <Pager
        page={page}
        total={data.total}
        size={DOCUMENT_PAGE_SIZE}
        onChange={(next) => {
          onPage(next);
          top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        }}
      />
    </div>
  );
};
