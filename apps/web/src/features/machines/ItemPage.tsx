import { ArrowLeftOutlined, BarcodeOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import {
  CART_LIMITS,
  type CrArticolo,
  earliestRequestDate,
  isCountUnit,
  parseQuantity,
  requiresRequestDate,
  TYPING_WAIT_MS,
} from '@ricambi/domain';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Result, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanUseCart } from '../../api/cart.api.ts';
import { ApiError } from '../../api/http.ts';
import { useCrArticolo, useCrInfoCliente } from '../../api/machines.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatEuro } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useGoBack } from '../../lib/useGoBack.ts';
import { describeCartError } from '../cart/LineStatus.tsx';
import { RequestDatePicker } from '../cart/RequestDatePicker.tsx';
import { onEnter, useAddToCart } from '../cart/useAddToCart.ts';
import { AvailabilityTag } from '../search/AvailabilityTag.tsx';
import { CodeLookupField } from '../search/CodeLookupField.tsx';

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

type Outcome = { kind: 'added' } | { kind: 'error'; text: string } | null;

/** The item's quantity, requested date, serial, availability and price, and the add to cart (spec 2 §2, §5). */
const ItemForm = ({ article, qt, sn }: { article: CrArticolo; qt: string; sn: string }) => {
  const { t, i18n } = useTranslation();
  const canCart = useCanUseCart();
  const adder = useAddToCart();
  const count = isCountUnit(article.unitaMisura);
  const [quantity, setQuantity] = useState(qt && parseQuantity(qt, article.unitaMisura).ok ? qt : '1');
  const needsDate = requiresRequestDate(article.tipoArticoloOrig);
  const [date, setDate] = useState<string | null>(earliestRequestDate());
  const [serial, setSerial] = useState(sn.toUpperCase());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const parsed = parseQuantity(quantity, article.unitaMisura);
  const valid = parsed.ok;
  const amount = parsed.ok ? parsed.value : 0;
  const wanted = useDebouncedValue(amount, TYPING_WAIT_MS);
  const info = useCrInfoCliente(article.id, wanted);
  const dateMissing = needsDate && !date;
  const canAdd = canCart && article.ordinabile && valid && amount > 0 && !dateMissing;

  const add = async () => {
    if (!canAdd || adder.isPending) return;
    setOutcome(null);
    try {
      const result = await adder.run({
        article,
        quantita: quantity.trim(),
        dataRichiesta: date,
        serialNumber: serial.trim() || null,
        origine: 'R',
      });
      if (result === 'added') setOutcome({ kind: 'added' });
    } catch (error) {
      setOutcome({ kind: 'error', text: describeCartError(t, error) });
    }
  };

  const quantityError = !parsed.ok ? t(parsed.error) : amount <= 0 ? t('machines.item.quantityPositive') : undefined;
  const unit = t(`unit.${article.unitaMisura}`, { defaultValue: article.unitaMisura });

  return (
    <Card title={t('machines.item.orderTitle')}>
      <Form layout="vertical" component="div">
        <Flex gap={16} wrap align="flex-start">
          <Form.Item
            label={`${t('machines.item.quantity')} (${unit})`}
            htmlFor="item-quantity"
            validateStatus={quantityError ? 'error' : undefined}
            help={quantityError}
            style={{ width: 200 }}
          >
            <Input
              id="item-quantity"
              size="large"
              value={quantity}
              inputMode={count ? 'numeric' : 'decimal'}
              maxLength={CART_LIMITS.quantitaText}
              onChange={(e) => setQuantity(e.target.value)}
              onPressEnter={onEnter(add)}
            />
          </Form.Item>
          <Form.Item
            label={t('cart.field.dataRichiesta')}
            htmlFor="item-date"
            required={needsDate}
            validateStatus={dateMissing ? 'error' : undefined}
            help={dateMissing ? t('validation.required') : undefined}
          >
            <RequestDatePicker
              id="item-date"
              size="large"
              value={date}
              onChange={setDate}
              aria-required={needsDate}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item label={t('cart.field.serialNumber')} htmlFor="item-serial" style={{ width: 220 }}>
            <Input
              id="item-serial"
              size="large"
              value={serial}
              maxLength={CART_LIMITS.serialNumber}
              onChange={(e) => setSerial(e.target.value.toUpperCase())}
            />
          </Form.Item>
        </Flex>
      </Form>
      <Flex gap={24} wrap align="flex-end" style={{ marginBottom: 16 }}>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
            {t('machines.item.availability')}
          </Typography.Text>
          {info.data ? (
            <AvailabilityTag label={info.data.disponibiliLabel} />
          ) : info.isError ? (
            <Typography.Text type="danger">{t('machines.item.infoError')}</Typography.Text>
          ) : valid && amount > 0 ? (
            <Skeleton.Button active size="small" />
          ) : (
            '–'
          )}
        </div>
        {info.data && info.data.netto !== null ? (
          <>
            <Statistic title={t('machines.item.netPrice')} value={formatEuro(info.data.netto, i18n.language)} />
            <Statistic
              title={t('machines.item.total')}
              value={formatEuro(info.data.totale, i18n.language)}
              valueStyle={{ fontWeight: 600 }}
            />
          </>
        ) : null}
      </Flex>
      {canCart ? (
        <Button
          type="primary"
          size="large"
          icon={<ShoppingCartOutlined />}
          loading={adder.isPending}
          disabled={!canAdd}
          onClick={() => void add()}
          data-testid="item-add"
        >
          {t('cart.add.button')}
        </Button>
      ) : null}
      <div role="status" aria-live="polite" style={{ marginTop: 12 }}>
        {!article.ordinabile ? (
          <Alert type="warning" showIcon title={t('cart.add.notOrderable')} />
        ) : outcome?.kind === 'added' ? (
          <Alert
            type="success"
            showIcon
            data-testid="item-added"
            title={
              <Flex gap={12} wrap align="center">
                <span>{t('machines.item.added', { code: article.articolo })}</span>
                <Link to="/cart" style={{ textDecoration: 'underline' }}>
                  {t('cart.add.openCart')}
                </Link>
              </Flex>
            }
          />
        ) : outcome?.kind === 'error' ? (
          <Alert type="error" showIcon title={outcome.text} />
        ) : null}
      </div>
    </Card>
  );
};

/** The code lookup: an exact article code opens its item page. */
const CodeLookup = ({ sn, qt }: { sn: string; qt: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <BarcodeOutlined />
          <span>{t('machines.item.lookup.title')}</span>
        </Flex>
      }
      style={{ maxWidth: 720 }}
    >
      <Typography.Paragraph type="secondary">{t('machines.item.lookup.help')}</Typography.Paragraph>
      <CodeLookupField
        texts={{
          label: 'machines.item.lookup.title',
          placeholder: 'machines.item.lookup.placeholder',
          button: 'machines.item.lookup.button',
          required: 'machines.item.lookup.required',
          notFound: 'machines.item.lookup.notFound',
        }}
        onFound={(hit) =>
          void navigate({
            to: `/item/search/${hit.id}`,
            search: { ...(qt ? { qt } : {}), ...(sn ? { sn } : {}) },
          })
        }
        testId="item-lookup"
      />
    </Card>
  );
};

/** /item/search/ (code lookup) and /item/search/{id}?qt&sn (spec 2 §2 CrArticolo). */
export const ItemPage = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const params = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as { qt?: unknown; sn?: unknown };
  const qt = asText(search.qt);
  const sn = asText(search.sn);
  const id = Number(params.id);
  const hasId = params.id !== undefined && params.id !== '';
  const valid = Number.isSafeInteger(id) && id > 0;
  const item = useCrArticolo(valid ? id : 0);

  const title = (
    <Typography.Title level={1} style={{ marginTop: 0, fontSize: 26 }}>
      {t('machines.item.title')}
    </Typography.Title>
  );
  if (!hasId)
    return (
      <div style={{ padding: '16px 0' }}>
        {title}
        <CodeLookup sn={sn} qt={qt} />
      </div>
    );
  if (!valid || (item.error instanceof ApiError && item.error.status === 404))
    return (
      <Result
        status="404"
        title={t('machines.item.notFound')}
        extra={
          <ButtonLink to="/item/search/" buttonType="primary">
            {t('machines.item.lookup.title')}
          </ButtonLink>
        }
      />
    );
  if (item.isError) return <Result status="error" title={t('machines.item.loadError')} />;
  if (!item.data) return <Skeleton active style={{ marginTop: 24 }} />;
  const a = item.data;
  return (
    <div style={{ padding: '16px 0' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={goBack} style={{ marginBottom: 12 }}>
        {t('entity.action.back')}
      </Button>
      {title}
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'code',
              label: t('machines.item.code'),
              children: (
                <strong className="article-code" data-testid="item-code">
                  {a.articolo}
                </strong>
              ),
            },
            {
              key: 'unit',
              label: t('machines.item.unit'),
              children: t(`unit.${a.unitaMisura}`, { defaultValue: a.unitaMisura }),
            },
            { key: 'descr', label: t('machines.item.description'), children: a.descrizione, span: 'filled' },
          ]}
        />
      </Card>
      <ItemForm key={`${a.id}:${qt}:${sn}`} article={a} qt={qt} sn={sn} />
    </div>
  );
};
