import { DownloadOutlined, WarningOutlined } from '@ant-design/icons';
import {
  STOCK_IMPORT_LIMITS,
  STOCK_QUANTITY_COLUMNS,
  type StockImportPreview,
  type StockImportPreviewRow,
  type StockImportRow,
} from '@ricambi/domain';
import { Alert, Button, Descriptions, Flex, Progress, Statistic, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STOCK_TEMPLATE_URL, useStockImportApply, useStockImportPreview } from '../../api/catalogue-maintenance.api.ts';
import {
  describeFieldError,
  ERROR_CELL,
  ERROR_ROW,
  fieldErrorsByRow,
  ImportApplyBar,
  RowErrors,
  SpreadsheetDropZone,
} from '../../components/import/SpreadsheetImport.tsx';
import { useSpreadsheetImport } from '../../components/import/useSpreadsheetImport.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { formatNumber } from '../../lib/format.ts';

const K = 'catalogueMaintenance.stockImport';
const HELP_COLUMNS = ['articolo', ...STOCK_QUANTITY_COLUMNS, 'prezzo'] as const;

type Row = StockImportPreviewRow & { index: number };

const fieldLabel = (t: TFunction, field: string) => t(`${K}.field.${field}`, { defaultValue: field });
const money = (value: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(value);
const hasError = (row: Row, field: string) => row.errors.some((e) => e.field === field);

/** A cell of the file that is wrong: its text, highlighted. */
const BadCell = ({ text }: { text: string }) => (
  <Typography.Text style={ERROR_CELL}>
    <WarningOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
    {text || '—'}
  </Typography.Text>
);

/** The preview of a stock import: each row with its figures (and the stored ones they replace) and errors. */
export const StockPreviewTable = ({ rows }: { rows: Row[] }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const quantity = (field: (typeof STOCK_QUANTITY_COLUMNS)[number]) => ({
    key: field,
    title: fieldLabel(t, field),
    align: 'right' as const,
    render: (_: unknown, row: Row): ReactNode => {
      if (hasError(row, field)) return <BadCell text={row.cells[field] ?? ''} />;
      const value = row.values?.[field];
      if (value === undefined) return row.cells[field] ?? '';
      const before = row.current?.[field];
      return (
        <Flex vertical align="end">
          <span>{formatNumber(value, lang, 3)}</span>
          {before !== undefined && before !== value ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t(`${K}.was`, { value: formatNumber(before, lang, 3) })}
            </Typography.Text>
          ) : null}
        </Flex>
      );
    },
  });
  return (
    <Table<Row>
      size="small"
      rowKey="index"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      onRow={(row) => ({
        style: row.errors.length ? ERROR_ROW : undefined,
        'data-testid': `stock-row-${row.index}`,
      })}
      columns={[
        { key: 'line', title: t(`${K}.table.line`), dataIndex: 'line', width: 64 },
        {
          key: 'articolo',
          title: t(`${K}.table.articolo`),
          render: (_: unknown, row: Row) => {
            const keyField = row.cells.articolo ? 'articolo' : 'id';
            const text = row.articolo ?? row.cells.articolo ?? row.cells.id ?? '';
            return (
              <Flex vertical style={{ maxWidth: 240 }}>
                {hasError(row, keyField) ? <BadCell text={text} /> : <Typography.Text strong>{text}</Typography.Text>}
                {row.descrizione ? (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: row.descrizione }} style={{ fontSize: 12 }}>
                    {row.descrizione}
                  </Typography.Text>
                ) : null}
              </Flex>
            );
          },
        },
        // Next to the code, so that the messages are in view without scrolling.
        {
          key: 'errors',
          title: t(`${K}.table.errors`),
          render: (_: unknown, row: Row) => (
            <RowErrors
              errors={row.errors}
              describe={(e) => describeFieldError(t, e, (f) => fieldLabel(t, f))}
              okText={t(`${K}.rowOk`)}
            />
          ),
        },
        ...STOCK_QUANTITY_COLUMNS.map(quantity),
        {
          key: 'currentPrice',
          title: t(`${K}.table.currentPrice`),
          align: 'right' as const,
          render: (_: unknown, row: Row) => (row.current ? money(row.current.prezzo, lang) : '—'),
        },
        {
          key: 'newPrice',
          title: t(`${K}.table.newPrice`),
          align: 'right' as const,
          render: (_: unknown, row: Row): ReactNode => {
            if (hasError(row, 'prezzo')) return <BadCell text={row.cells.prezzo ?? ''} />;
            const prezzo = row.values?.prezzo;
            if (row.priceChanges && prezzo != null) {
              return (
                <Tag color="gold" style={{ marginInlineEnd: 0, fontWeight: 600 }}>
                  {money(prezzo, lang)}
                </Tag>
              );
            }
            if (!row.values) return row.cells.prezzo ?? '';
            return (
              <Typography.Text type="secondary">
                {prezzo == null ? t(`${K}.priceNone`) : t(`${K}.priceSame`)}
              </Typography.Text>
            );
          },
        },
      ]}
    />
  );
};

const ColumnsHelp = () => {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={t(`${K}.columnsTitle`)}
      styles={{ label: { width: 160, whiteSpace: 'nowrap' } }}
      items={HELP_COLUMNS.map((c) => ({ key: c, label: <code>{c}</code>, children: t(`${K}.columns.${c}`) }))}
    />
  );
};

/**
 * Stock and prices from the ERP (issue 4 §2): upload a CSV or XLSX, check every row, and apply
 * them all in one go (all rows or none) once none has an error.
 */
export const StockImportPage = () => {
  const { t, i18n } = useTranslation();
  const {
    data,
    rows,
    errorCount,
    busy,
    canApply,
    failure,
    result,
    onlyErrors,
    setOnlyErrors,
    onFile,
    onApply,
    file,
    previewing,
    applying,
  } = useSpreadsheetImport({
    preview: useStockImportPreview(),
    apply: useStockImportApply(),
    maxBytes: STOCK_IMPORT_LIMITS.maxBytes,
    tooLarge: t(`${K}.tooLarge`),
    applyInput: (_file, preview: StockImportPreview) =>
      preview.rows.flatMap((r) => (r.values ? [r.values as StockImportRow] : [])),
    rowErrors: (error) => fieldErrorsByRow(error, 'articolo'),
    messagePrefix: `${K}.invalid`,
    t,
  });

  const summary = data?.summary;
  return (
    <PageCard title={t(`${K}.title`)} intro={t(`${K}.intro`)} width={1240}>
      <Flex vertical gap={16}>
        <ColumnsHelp />
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{t(`${K}.columnsNote`)}</Typography.Text>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            href={STOCK_TEMPLATE_URL}
            download
            data-testid="stock-template"
          >
            {t(`${K}.template`)}
          </Button>
        </Flex>
        <SpreadsheetDropZone
          fileName={file?.name}
          prompt={t(`${K}.drop`)}
          hint={t(`${K}.hint`, { rows: formatNumber(STOCK_IMPORT_LIMITS.maxRows, i18n.language, 0) })}
          disabled={busy}
          onFile={onFile}
          testId="stock-upload"
        />
        {previewing ? <Progress percent={100} status="active" showInfo={false} /> : null}
        {failure ? <Alert type="error" showIcon title={failure} data-testid="stock-failure" /> : null}
        {result ? (
          <Alert
            type="success"
            showIcon
            data-testid="stock-result"
            title={t(`${K}.imported`, { articles: result.articles, prices: result.prices })}
          />
        ) : null}
        {data && summary ? (
          <>
            <Flex gap={32} wrap data-testid="stock-counts">
              <Statistic title={t(`${K}.summary.rows`)} value={summary.rows} />
              <Statistic title={t(`${K}.summary.valid`)} value={summary.valid} />
              <Statistic
                title={t(`${K}.summary.errors`)}
                value={errorCount}
                styles={{ content: errorCount ? { color: '#a8071a' } : undefined }}
              />
              <Statistic title={t(`${K}.summary.priceChanges`)} value={summary.priceChanges} />
            </Flex>
            <Alert
              type={errorCount ? 'error' : 'success'}
              showIcon
              data-testid="stock-summary"
              title={
                errorCount
                  ? t(`${K}.summaryErrors`, { count: errorCount, total: rows.length })
                  : t(`${K}.summaryOk`, { total: rows.length, prices: summary.priceChanges })
              }
              description={
                data.ignoredColumns.length ? t(`${K}.ignored`, { columns: data.ignoredColumns.join(', ') }) : undefined
              }
            />
            <ImportApplyBar
              name="stock"
              hasErrors={errorCount > 0}
              onlyErrors={onlyErrors}
              setOnlyErrors={setOnlyErrors}
              labels={{
                onlyErrors: t(`${K}.onlyErrors`),
                confirmTitle: t(`${K}.confirmTitle`),
                confirmText: t(`${K}.confirmText`, { count: rows.length, prices: summary.priceChanges }),
                confirmOk: t(`${K}.confirmOk`),
                cancel: t('entity.action.cancel'),
                apply: t(`${K}.apply`, { count: rows.length }),
              }}
              canApply={canApply}
              applying={applying}
              onApply={onApply}
            />
            {applying ? (
              <div role="status">
                <Typography.Text>{t(`${K}.running`, { count: rows.length })}</Typography.Text>
                <Progress percent={100} status="active" showInfo={false} />
              </div>
            ) : null}
            <StockPreviewTable rows={onlyErrors ? rows.filter((r) => r.errors.length) : rows} />
          </>
        ) : null}
      </Flex>
    </PageCard>
  );
};
