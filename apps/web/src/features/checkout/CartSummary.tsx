import { WarningOutlined } from '@ant-design/icons';
import type { CartCheck, CartLine, CartView } from '@ricambi/domain';
import { Alert, Flex, Grid, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { ERROR_ROW } from '../../components/import/SpreadsheetImport.tsx';
import {
  formatEuro,
  formatNumber,
  formatOrderDate,
  formatPercent,
  formatQuantity,
  formatWeight,
} from '../../lib/format.ts';

const K = 'checkout.summary';

type Problem = CartCheck['problemi'][number];

/** What blocks sending, line by line (PUT /api/cart/update), with the way back to the cart. */
export const CartProblems = ({ problems, lines }: { problems: readonly Problem[]; lines: readonly CartLine[] }) => {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const code = (id: number) => lines.find((l) => l.id === id)?.articolo ?? `#${id}`;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="checkout-problems"
      title={t(`${K}.problemsTitle`, { count: problems.length })}
      description={
        <Flex vertical gap={8}>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {problems.map((p) => (
              <li key={`${p.id}:${p.field}:${p.message}`}>
                <Typography.Text strong>{code(p.id)}</Typography.Text>
                {' — '}
                {t(`${K}.field.${p.field}`, { defaultValue: p.field })}: {t(p.message, { defaultValue: p.message })}
              </li>
            ))}
          </ul>
          <div>
            <ButtonLink to="/cart" buttonType="primary" data-testid="checkout-fix-cart">
              {t(`${K}.fixInCart`)}
            </ButtonLink>
          </div>
        </Flex>
      }
    />
  );
};

/** The cart's lines as they will be sent (read-only), with total weight and total. */
export const CartSummary = ({
  cart,
  problems,
  missingSerial,
}: {
  cart: CartView;
  problems: readonly Problem[];
  /** Lines to mark because a warranty order needs their serial. */
  missingSerial: ReadonlySet<number>;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const withProblem = new Set(problems.map((p) => p.id));
  const wide = Grid.useBreakpoint().lg === true;
  const wrapper = useRef<HTMLDivElement>(null);
  const regionLabel = t(`${K}.tableLabel`);
  // A table wider than the screen scrolls sideways: its scroll area must be reachable by keyboard.
  useEffect(() => {
    const area = wrapper.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!area) return;
    if (area.scrollWidth > area.clientWidth + 1) {
      area.tabIndex = 0;
      area.setAttribute('role', 'region');
      area.setAttribute('aria-label', regionLabel);
    } else {
      area.removeAttribute('tabindex');
      area.removeAttribute('role');
      area.removeAttribute('aria-label');
    }
  });
  const codeText = (line: CartLine) => (
    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
      {withProblem.has(line.id) ? (
        <WarningOutlined style={{ color: '#a8071a', marginInlineEnd: 4 }} aria-label={t(`${K}.hasProblem`)} />
      ) : null}
      {line.articolo}
    </Typography.Text>
  );
  // On a tablet the description goes under the code and the weight, list price and discount columns
  // are left out (the total weight is under the table, the cart page shows the rest), so that the
  // summary fits without scrolling sideways.
  const columns: ColumnsType<CartLine> = [
    ...((wide
      ? [
          { key: 'articolo', title: t(`${K}.code`), render: (_: unknown, line: CartLine) => codeText(line) },
          {
            key: 'descrizione',
            title: t(`${K}.description`),
            dataIndex: 'descrizione',
            render: (text: string) => <span style={{ display: 'inline-block', minWidth: 160 }}>{text}</span>,
          },
        ]
      : [
          {
            key: 'articolo',
            title: t(`${K}.code`),
            render: (_: unknown, line: CartLine) => (
              // The table is as wide as its content: the description wraps within a bound width.
              <Flex vertical style={{ minWidth: 140, maxWidth: 240 }}>
                {codeText(line)}
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {line.descrizione}
                </Typography.Text>
              </Flex>
            ),
          },
        ]) as ColumnsType<CartLine>),
    {
      key: 'dataRichiesta',
      title: t(`${K}.date`),
      dataIndex: 'dataRichiesta',
      render: (d: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatOrderDate(d, '—')}</span>,
    },
    {
      key: 'serialNumber',
      title: t(`${K}.serial`),
      dataIndex: 'serialNumber',
      render: (s: string | null, line) =>
        s ? (
          s
        ) : missingSerial.has(line.id) ? (
          <Typography.Text style={{ color: '#a8071a', fontWeight: 600 }}>{t(`${K}.serialMissing`)}</Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'quantita',
      title: t(`${K}.quantity`),
      align: 'right',
      render: (_: unknown, line) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatQuantity(t, line.quantita, line.unitaMisura, lang)}</span>
      ),
    },
    {
      key: 'peso',
      title: t(`${K}.weight`),
      dataIndex: 'peso',
      align: 'right',
      responsive: ['lg'],
      render: (kg: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(kg, lang, 2)}</span>,
    },
    ...(cart.prezziVisibili
      ? ([
          {
            key: 'prezzo',
            title: t(`${K}.price`),
            dataIndex: 'prezzo',
            align: 'right',
            responsive: ['lg'],
            render: (v: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(v, lang)}</span>,
          },
          ...(cart.scontoVisibile && wide
            ? [
                {
                  key: 'scontoPerc',
                  title: t(`${K}.discount`),
                  dataIndex: 'scontoPerc',
                  align: 'right',
                  render: (v: number | null) => (v == null ? '—' : formatPercent(v, lang)),
                },
              ]
            : []),
          {
            key: 'total',
            title: t(`${K}.total`),
            dataIndex: 'total',
            align: 'right',
            render: (v: number | null) => (
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {formatEuro(v, lang)}
              </Typography.Text>
            ),
          },
        ] as ColumnsType<CartLine>)
      : []),
  ];
  return (
    <Flex vertical gap={8} ref={wrapper}>
      <Table<CartLine>
        size="small"
        rowKey="id"
        dataSource={cart.righe}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="checkout-summary"
        onRow={(line) => ({
          style: withProblem.has(line.id) || missingSerial.has(line.id) ? ERROR_ROW : undefined,
          'data-testid': `checkout-line-${line.id}`,
        })}
      />
      <Flex justify="end" gap={24} wrap data-testid="checkout-totals">
        <Typography.Text>
          {t(`${K}.totalWeight`)} <strong>{formatWeight(cart.pesoTotale, lang, 2)}</strong>
        </Typography.Text>
        {cart.prezziVisibili ? (
          <Typography.Text>
            {t(`${K}.grandTotal`)} <strong data-testid="checkout-total">{formatEuro(cart.totale, lang)}</strong>
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
};
