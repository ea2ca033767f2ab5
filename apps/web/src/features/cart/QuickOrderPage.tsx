import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  ExclamationCircleOutlined,
  QuestionCircleOutlined,
  StopOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import {
  CART_LIMITS,
  type CartItemAdd,
  earliestRequestDate,
  type QuickOrderRow,
  quickOrderTextSchema,
} from '@ricambi/domain';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Flex, Input, Row, Table, type TableProps, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddAllToCart, useQuickOrderPreview } from '../../api/cart.api.ts';
import { ApiError } from '../../api/http.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { SpreadsheetDropZone } from '../../components/import/SpreadsheetImport.tsx';
import { showSuccess } from '../../lib/alerts.ts';
import { formatNumber } from '../../lib/format.ts';
import { describeCartError } from './LineStatus.tsx';
import { RequestDatePicker } from './RequestDatePicker.tsx';
import { useSendConfirmingOverAvailability } from './useAddToCart.ts';

type State = QuickOrderRow['stato'];
const LOOK: Record<State, { color: string; icon: ReactNode }> = {
  OK: { color: 'success', icon: <CheckCircleOutlined /> },
  SCONOSCIUTO: { color: 'error', icon: <QuestionCircleOutlined /> },
  NON_ORDINABILE: { color: 'error', icon: <StopOutlined /> },
  SOSTITUITO: { color: 'warning', icon: <SwapOutlined /> },
  QUANTITA: { color: 'error', icon: <ExclamationCircleOutlined /> },
};
// Tag texts darker than antd's status colours: 4.5:1 on the tag background (WCAG 1.4.3).
const TEXT: Record<string, string> = { success: '#256e0c', error: '#a8071a', warning: '#8a3e00' };

const isValid = (r: QuickOrderRow) => r.stato === 'OK' && r.idArticolo !== null && (r.quantita ?? 0) > 0;

/**
 * Quick order (beyond the spec, issue 5 §6): "code quantity" lines pasted or a CSV/XLSX file, resolved
 * by the server into a preview (unknown, not orderable, superseded codes and bad quantities flagged);
 * nothing reaches the cart before the user adds the valid lines (all of them or none, origin Q).
 */
export const QuickOrderPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const preview = useQuickOrderPreview();
  const addAll = useAddAllToCart();
  const sendConfirming = useSendConfirmingOverAvailability();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [rows, setRows] = useState<QuickOrderRow[] | null>(null);
  const [date, setDate] = useState<string | null>(earliestRequestDate());
  const [rowErrors, setRowErrors] = useState<Map<number, string[]>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);

  const resolve = async (source: { testo: string } | { file: File }) => {
    setFailure(null);
    setRowErrors(new Map());
    try {
      setRows(await preview.mutateAsync(source));
    } catch (error) {
      setRows(null);
      setFailure(describeCartError(t, error));
    }
  };

  const valid = (rows ?? []).filter(isValid);
  const textError = text.trim() === '' ? null : quickOrderTextSchema.safeParse({ testo: text }).error;

  const takeReplacement = (riga: number) =>
    setRows((all) =>
      (all ?? []).map((r) =>
        r.riga === riga && r.sostituto
          ? {
              ...r,
              stato: 'OK',
              idArticolo: r.sostituto.id,
              codice: r.sostituto.articolo,
              descrizione: r.sostituto.descrizione,
              messaggio: null,
              sostituto: null,
            }
          : r,
      ),
    );

  const add = async () => {
    const righe: CartItemAdd[] = valid.map((r) => ({
      idArticolo: r.idArticolo as number,
      quantita: r.quantita as number,
      dataRichiesta: date,
      origine: 'Q',
    }));
    setFailure(null);
    setRowErrors(new Map());
    // Row errors are named righe.N.field, N being the index among the lines sent.
    const showRefusal = (error: unknown) => {
      const byRow = new Map<number, string[]>();
      const fieldErrors = error instanceof ApiError ? (error.problem?.fieldErrors ?? []) : [];
      for (const f of fieldErrors) {
        const m = /^righe\.(\d+)\.?(.*)$/.exec(f.field);
        const row = m ? valid[Number(m[1])] : undefined;
        if (!row) continue;
        const message = t(f.message, f.params ?? {});
        byRow.set(row.riga, [...(byRow.get(row.riga) ?? []), message]);
      }
      setRowErrors(byRow);
      if (byRow.size === 0) setFailure(describeCartError(t, error));
      else setFailure(t('quickOrder.rowsRefused'));
    };
    // The preview cannot know the stock: the server names the lines above it, and they stay marked
    // when the user declines to go on.
    let refusal: unknown;
    const send = (confirmed: boolean) =>
      addAll
        .mutateAsync(confirmed ? righe.map((r) => ({ ...r, confermaSuperamento: true })) : righe)
        .catch((error: unknown) => {
          refusal = error;
          throw error;
        });
    try {
      if ((await sendConfirming(send)) === 'cancelled') {
        showRefusal(refusal);
        return;
      }
      showSuccess(t('quickOrder.added', { count: righe.length }));
      void navigate({ to: '/cart' });
    } catch (error) {
      showRefusal(error);
    }
  };

  const columns: TableProps<QuickOrderRow>['columns'] = [
    { key: 'riga', title: t('quickOrder.column.row'), align: 'right', render: (_, r) => r.riga },
    {
      key: 'codice',
      title: t('quickOrder.column.code'),
      render: (_, r) => (
        <div style={{ minWidth: 140, maxWidth: 240, whiteSpace: 'normal' }}>
          <span className="article-code">{r.codice}</span>
          {r.descrizione ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              {r.descrizione}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'quantita',
      title: t('quickOrder.column.quantity'),
      align: 'right',
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {r.quantita !== null ? formatNumber(r.quantita, i18n.language, 3) : r.quantitaTesto}{' '}
          {r.unitaMisura ? t(`unit.${r.unitaMisura}`, { defaultValue: r.unitaMisura }) : ''}
        </span>
      ),
    },
    {
      key: 'stato',
      title: t('quickOrder.column.state'),
      render: (_, r) => {
        const errors = rowErrors.get(r.riga) ?? [];
        return (
          <Flex vertical gap={4} align="flex-start" style={{ minWidth: 160, maxWidth: 260, whiteSpace: 'normal' }}>
            <Tag
              color={LOOK[r.stato].color}
              icon={LOOK[r.stato].icon}
              style={{ color: TEXT[LOOK[r.stato].color], marginInlineEnd: 0 }}
              data-state={r.stato}
            >
              {t(`quickOrder.state.${r.stato}`)}
            </Tag>
            {r.stato === 'SOSTITUITO' && r.sostituto ? (
              <>
                <span>{t('quickOrder.replacedBy', { code: r.sostituto.articolo })}</span>
                <Button size="small" icon={<SwapOutlined />} onClick={() => takeReplacement(r.riga)}>
                  {t('quickOrder.useReplacement')}
                </Button>
              </>
            ) : r.messaggio ? (
              <span>{t(r.messaggio, { defaultValue: r.messaggio, max: CART_LIMITS.quantitaMax })}</span>
            ) : r.stato !== 'OK' ? (
              <span>{t(`quickOrder.hint.${r.stato}`)}</span>
            ) : null}
            {errors.map((e) => (
              <span key={e} style={{ color: TEXT.error }}>
                {e}
              </span>
            ))}
          </Flex>
        );
      },
    },
  ];

  return (
    <div style={{ padding: '16px 0' }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {t('quickOrder.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('quickOrder.intro')}</Typography.Text>
        </div>
        <ButtonLink to="/cart" icon={<ArrowLeftOutlined />}>
          {t('quickOrder.backToCart')}
        </ButtonLink>
      </Flex>
      {rows === null ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card title={t('quickOrder.paste.title')} style={{ height: '100%' }}>
              <label htmlFor="quick-order-text" style={{ display: 'block', marginBottom: 6 }}>
                {t('quickOrder.paste.label')}
              </label>
              <Input.TextArea
                id="quick-order-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={10}
                placeholder={t('quickOrder.paste.placeholder')}
                status={textError ? 'error' : undefined}
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
                aria-describedby="quick-order-hint"
              />
              <Typography.Paragraph id="quick-order-hint" type="secondary" style={{ marginTop: 6 }}>
                {t('quickOrder.paste.hint', { max: CART_LIMITS.righeMax })}
              </Typography.Paragraph>
              <Button
                type="primary"
                onClick={() => void resolve({ testo: text })}
                disabled={text.trim() === '' || Boolean(textError)}
                loading={preview.isPending && !fileName}
                data-testid="quick-order-check"
              >
                {t('quickOrder.check')}
              </Button>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title={t('quickOrder.file.title')} style={{ height: '100%' }}>
              <SpreadsheetDropZone
                fileName={fileName}
                prompt={t('quickOrder.file.prompt')}
                hint={t('quickOrder.file.hint')}
                disabled={preview.isPending}
                testId="quick-order-upload"
                onFile={(file) => {
                  setFileName(file.name);
                  void resolve({ file });
                }}
              />
            </Card>
          </Col>
          {failure ? (
            <Col xs={24}>
              <Alert type="error" showIcon title={failure} />
            </Col>
          ) : null}
        </Row>
      ) : (
        <Card
          title={t('quickOrder.preview.title')}
          extra={
            <Button
              onClick={() => {
                setRows(null);
                setFileName(undefined);
                setFailure(null);
              }}
            >
              {t('quickOrder.preview.again')}
            </Button>
          }
        >
          <Alert
            type={valid.length === rows.length ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 12 }}
            title={t('quickOrder.preview.summary', { valid: valid.length, total: rows.length })}
          />
          <Table<QuickOrderRow>
            rowKey="riga"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="quick-order-preview"
          />
          <Flex justify="space-between" align="flex-end" wrap gap={16} style={{ marginTop: 16 }}>
            <div>
              <label htmlFor="quick-order-date" style={{ display: 'block', marginBottom: 4 }}>
                {t('quickOrder.date')}
              </label>
              <RequestDatePicker
                id="quick-order-date"
                value={date}
                onChange={setDate}
                allowClear={false}
                style={{ width: 170 }}
              />
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, maxWidth: 420 }}>
                {t('quickOrder.dateHint')}
              </Typography.Text>
            </div>
            <Button
              type="primary"
              size="large"
              disabled={valid.length === 0 || !date}
              loading={addAll.isPending}
              onClick={() => void add()}
              data-testid="quick-order-add"
            >
              {t('quickOrder.add', { count: valid.length })}
            </Button>
          </Flex>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} /> : null}
        </Card>
      )}
    </div>
  );
};
