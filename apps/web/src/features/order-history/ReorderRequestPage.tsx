import { ArrowLeftOutlined, SendOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { ORDER_HISTORY_LIMITS, type OrderHistoryLine, reorderRequestSchema } from '@ricambi/domain';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanUseCart } from '../../api/cart.api.ts';
import { useArticoloGestito, useOrderHistoryLine, useSendReorderRequest } from '../../api/order-history.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { describeError } from '../../lib/alerts.ts';
import { formatOrderDate } from '../../lib/format.ts';
import { useOrderAgain } from './OrderAgain.tsx';
import { ORDER_HISTORY_LIST } from './order-history.paths.ts';
import { isKind, parseOrderHistorySearch, toOrderHistorySearch } from './order-history.search.ts';

type RequestForm = { descrizione: string; quantita: number | null; nota: string };

const fields = reorderRequestSchema.shape;

/** The line the request is about: its part, its order and its serial. */
const LineSummary = ({ line }: { line: OrderHistoryLine }) => {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      style={{ marginBottom: 24 }}
      data-testid="oh-request-line"
      items={[
        {
          key: 'codArt',
          label: t('storicoOrdine.field.codArt'),
          children: <span className="article-code">{line.codArt}</span>,
        },
        { key: 'descRiga', label: t('storicoOrdine.field.descRiga'), children: line.descRiga || '–' },
        {
          key: 'order',
          label: t('storicoOrdine.field.nroOrdTxt'),
          children: `${line.nroOrdTxt} · ${formatOrderDate(line.dataIns)}`,
        },
        { key: 'matricola', label: t('storicoOrdine.field.matricola'), children: line.matricola ?? '–' },
      ]}
    />
  );
};

/** The request form (spec 2 §5): description (read-only), quantity from 1, note up to 4000. */
const RequestForm = ({
  line,
  descrizione,
  onBack,
}: {
  line: OrderHistoryLine;
  descrizione: string;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<RequestForm>();
  const send = useSendReorderRequest();
  const values = Form.useWatch([], form) as Partial<RequestForm> | undefined;
  const body = {
    id: line.id,
    descrizione,
    quantita: values?.quantita ?? Number.NaN,
    nota: values?.nota ?? '',
  };
  const valid = reorderRequestSchema.safeParse(body).success;

  if (send.isSuccess)
    return (
      <Result
        status="success"
        title={t('storicoOrdine.request.sent')}
        subTitle={
          send.data.email
            ? t('storicoOrdine.request.reminder', { email: send.data.email })
            : t('storicoOrdine.request.sentNoMail')
        }
        extra={
          <Button type="primary" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="oh-request-back-done">
            {t('storicoOrdine.request.backToList')}
          </Button>
        }
        data-testid="oh-request-sent"
      />
    );

  return (
    <Form<RequestForm>
      form={form}
      layout="vertical"
      initialValues={{ descrizione, quantita: 1, nota: '' }}
      disabled={send.isPending}
      onFinish={() => {
        send.reset();
        send.mutate(body, { onError: (error) => applyFieldErrors(form, error, t) });
      }}
      style={{ maxWidth: 720 }}
      data-testid="oh-request-form"
    >
      <Form.Item name="descrizione" label={t('storicoOrdine.request.descrizione')}>
        <Input readOnly variant="filled" data-testid="oh-request-descrizione" />
      </Form.Item>
      <Form.Item
        name="quantita"
        label={t('storicoOrdine.request.quantita')}
        required
        rules={[{ required: true, message: t('validation.required') }, zodRule(fields.quantita, t)]}
      >
        <InputNumber
          min={1}
          max={ORDER_HISTORY_LIMITS.quantitaMax}
          precision={0}
          step={1}
          style={{ width: 160 }}
          data-testid="oh-request-quantita"
        />
      </Form.Item>
      <Form.Item name="nota" label={t('storicoOrdine.request.nota')} rules={[zodRule(fields.nota, t)]}>
        <Input.TextArea
          rows={5}
          maxLength={ORDER_HISTORY_LIMITS.nota}
          showCount
          placeholder={t('storicoOrdine.request.notaHint')}
          data-testid="oh-request-nota"
        />
      </Form.Item>
      {send.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('storicoOrdine.request.failed')}
          description={describeError(send.error)}
          style={{ marginBottom: 16 }}
          data-testid="oh-request-error"
        />
      ) : null}
      <Flex gap={8} wrap>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={send.isPending}
          // The form's disabled state does not reach a button that is loading: said here too.
          disabled={!valid || send.isPending}
          data-testid="oh-request-send"
        >
          {t('storicoOrdine.request.send')}
        </Button>
        <Button onClick={onBack} disabled={false}>
          {t('storicoOrdine.request.cancel')}
        </Button>
      </Flex>
    </Form>
  );
};

/**
 * The reorder request page (spec 2 §4, §5, issue 16 §3): a part that cannot be ordered from the cart
 * is asked of the back office. A part the cart takes is offered for the cart instead; otherwise the
 * user confirms first, then fills the form: idle, sending, sent (a reminder by mail) or failed.
 */
export const ReorderRequestPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { idRichiesta?: string; id?: string; desc?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const line = useOrderHistoryLine(id);
  const gestito = useArticoloGestito(id);
  const canOrder = useCanUseCart();
  const orderAgain = useOrderAgain();
  const [confirmed, setConfirmed] = useState(false);

  const back = () =>
    void navigate({
      to: ORDER_HISTORY_LIST,
      params: { idRichiesta: isKind(params.idRichiesta) ? params.idRichiesta : 'ORD' },
      search: toOrderHistorySearch(parseOrderHistorySearch(search)),
    });
  const descrizione = (params.desc ?? '').slice(0, ORDER_HISTORY_LIMITS.descrizione) || line.data?.descRiga || '';
  const failure = !valid ? undefined : (line.error ?? gestito.error);

  const body = () => {
    if (!valid)
      return <Alert type="error" showIcon role="alert" title={t('error.http.404')} data-testid="oh-request-error" />;
    if (failure)
      return (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={describeError(failure)}
          action={
            <Button
              size="small"
              onClick={() => {
                void line.refetch();
                void gestito.refetch();
              }}
            >
              {t('storicoOrdine.list.retry')}
            </Button>
          }
          data-testid="oh-request-error"
        />
      );
    if (!line.data || gestito.data === undefined)
      return <Spin size="large" style={{ display: 'block', margin: '48px auto' }} data-testid="oh-request-loading" />;
    return (
      <>
        <LineSummary line={line.data} />
        {gestito.data ? (
          <Alert
            type="info"
            showIcon
            title={t('storicoOrdine.request.orderable')}
            description={
              canOrder ? t('storicoOrdine.request.orderableHint') : t('storicoOrdine.request.orderableNoCart')
            }
            action={
              canOrder ? (
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  loading={orderAgain.isPending}
                  onClick={() => orderAgain.run({ ids: [id] })}
                  data-testid="oh-request-add"
                >
                  {t('storicoOrdine.request.addToCart')}
                </Button>
              ) : undefined
            }
            data-testid="oh-request-orderable"
          />
        ) : (
          <>
            <Checkbox
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              style={{ marginBottom: 16 }}
              data-testid="oh-request-confirm"
            >
              {t('storicoOrdine.request.confirm')}
            </Checkbox>
            {confirmed ? <RequestForm line={line.data} descrizione={descrizione} onBack={back} /> : null}
          </>
        )}
      </>
    );
  };

  return (
    <Card>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} style={{ paddingInline: 0 }}>
        {t('storicoOrdine.request.backToList')}
      </Button>
      <Typography.Title level={1} style={{ marginTop: 8, fontSize: 24 }}>
        {t('storicoOrdine.request.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('storicoOrdine.request.intro')}</Typography.Paragraph>
      {body()}
      {orderAgain.dialog}
    </Card>
  );
};
