import { DownloadOutlined, WarningOutlined } from '@ant-design/icons';
import { TARIFF_COLUMNS, TARIFF_LIMITS, type TariffPreview } from '@ricambi/domain';
import { Alert, Button, Descriptions, Flex, Progress, Statistic, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TARIFF_URL, type TariffPreviewRow, useTariffApply, useTariffPreview } from '../../api/checkout.api.ts';
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
import { formatEuro, formatNumber } from '../../lib/format.ts';

const K = 'tariff';
const COLUMNS = TARIFF_COLUMNS;
type Column = (typeof COLUMNS)[number];
const MAX_BYTES = TARIFF_LIMITS.maxBytes;

type Row = TariffPreviewRow & { index: number };

const fieldLabel = (t: TFunction, field: string) => t(`${K}.field.${field}`, { defaultValue: field });

/** The preview of a tariff file: each row as read, its errors highlighted. */
const TariffPreviewTable = ({ rows }: { rows: Row[] }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cell = (field: Column) => ({
    key: field,
    title: fieldLabel(t, field),
    align: (field === 'stato' || field.startsWith('cap') ? 'left' : 'right') as 'left' | 'right',
    render: (_: unknown, row: Row): ReactNode => {
      const raw = row.cells[field] ?? '';
      if (row.errors.some((e) => e.field === field)) {
        return (
          <Typography.Text style={ERROR_CELL}>
            <WarningOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            {raw || '—'}
          </Typography.Text>
        );
      }
      const value = row.values?.[field];
      if (value === undefined || value === null || value === '') return raw || '—';
      if (field === 'costo' && typeof value === 'number') return formatEuro(value, lang);
      if (typeof value === 'number') return formatNumber(value, lang, 3);
      return value;
    },
  });
  return (
    <Table<Row>
      size="small"
      rowKey="index"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      data-testid="tariff-preview"
      onRow={(row) => ({
        style: row.errors.length ? ERROR_ROW : undefined,
        'data-testid': `tariff-row-${row.index}`,
      })}
      columns={[
        { key: 'line', title: t(`${K}.table.line`), dataIndex: 'line', width: 64 },
        ...COLUMNS.map(cell),
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
      ]}
    />
  );
};

/**
 * Shipping costs (issue 5 §5, spec 1 §6 "tariff importer download"): download the tariff as XLSX;
 * upload a new one (CSV or XLSX), check every row, and replace the tariff with it (all rows or none).
 */
export const ShippingCostsPage = () => {
  const { t, i18n } = useTranslation();
  const {
    file,
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
    data,
    previewing,
    applying,
  } = useSpreadsheetImport({
    preview: useTariffPreview(),
    apply: useTariffApply(),
    maxBytes: MAX_BYTES,
    tooLarge: t(`${K}.tooLarge`),
    applyInput: (chosen) => chosen,
    // The server names a refused row by its line in the file ({line}.{field}).
    rowErrors: (error, preview: TariffPreview) => {
      const lines = preview.rows.map((r) => r.line);
      return new Map([...fieldErrorsByRow(error, 'stato')].map(([line, errors]) => [lines.indexOf(line), errors]));
    },
    messagePrefix: `${K}.`,
    t,
  });

  return (
    <PageCard title={t(`${K}.title`)} intro={t(`${K}.intro`)} width={1100}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text>{t(`${K}.downloadText`)}</Typography.Text>
          <Button icon={<DownloadOutlined />} href={TARIFF_URL} download data-testid="tariff-download">
            {t(`${K}.download`)}
          </Button>
        </Flex>
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t(`${K}.columnsTitle`)}
          styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
          items={COLUMNS.map((c) => ({ key: c, label: <code>{c}</code>, children: t(`${K}.columns.${c}`) }))}
        />
        <Typography.Text type="secondary">{t(`${K}.rulesNote`)}</Typography.Text>
        <SpreadsheetDropZone
          fileName={file?.name}
          prompt={t(`${K}.drop`)}
          hint={t(`${K}.hint`)}
          disabled={busy}
          onFile={onFile}
          testId="tariff-upload"
        />
        {previewing ? <Progress percent={100} status="active" showInfo={false} /> : null}
        {failure ? <Alert type="error" showIcon role="alert" title={failure} data-testid="tariff-failure" /> : null}
        {result ? (
          <Alert
            type="success"
            showIcon
            data-testid="tariff-result"
            title={t(`${K}.applied`, { count: result.rows })}
          />
        ) : null}
        {data ? (
          <>
            <Flex gap={32} wrap data-testid="tariff-counts">
              <Statistic title={t(`${K}.summary.rows`)} value={rows.length} />
              <Statistic title={t(`${K}.summary.valid`)} value={rows.length - errorCount} />
              <Statistic
                title={t(`${K}.summary.errors`)}
                value={errorCount}
                styles={{ content: errorCount ? { color: '#a8071a' } : undefined }}
              />
            </Flex>
            <Alert
              type={errorCount || rows.length === 0 ? 'error' : 'success'}
              showIcon
              data-testid="tariff-summary"
              title={
                rows.length === 0
                  ? t(`${K}.summaryEmpty`)
                  : errorCount
                    ? t(`${K}.summaryErrors`, { count: errorCount, total: rows.length })
                    : t(`${K}.summaryOk`, { total: rows.length })
              }
              description={
                data.ignoredColumns?.length ? t(`${K}.ignored`, { columns: data.ignoredColumns.join(', ') }) : undefined
              }
            />
            <ImportApplyBar
              name="tariff"
              hasErrors={errorCount > 0}
              onlyErrors={onlyErrors}
              setOnlyErrors={setOnlyErrors}
              labels={{
                onlyErrors: t(`${K}.onlyErrors`),
                confirmTitle: t(`${K}.confirmTitle`),
                confirmText: t(`${K}.confirmText`, { count: rows.length }),
                confirmOk: t(`${K}.confirmOk`),
                cancel: t('entity.action.cancel'),
                apply: t(`${K}.apply`, { count: rows.length }),
              }}
              canApply={canApply}
              applying={applying}
              onApply={onApply}
            />
            <TariffPreviewTable rows={onlyErrors ? rows.filter((r) => r.errors.length) : rows} />
          </>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`${K}.formats`, { size: formatNumber(MAX_BYTES / 1024 / 1024, i18n.language, 0) })}
        </Typography.Text>
      </Flex>
    </PageCard>
  );
};
