import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import {
  type ArticoloDetail,
  CART_LIMITS,
  CATALOGUE_STAFF_ROLES,
  type Equivalent,
  hasAnyAuthority,
  isCountUnit,
  type Language,
  PAGE_SIZE,
  parseQuantity,
  TYPING_WAIT_MS,
  WHERE_USED_PAGE_SIZE,
} from '@ricambi/domain';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Image,
  Input,
  Result,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useArticolo, useByIdSearch, useInfoCliente } from '../../api/catalogue.api.ts';
import { useEquivalents, useWhereUsed } from '../../api/catalogue-admin.api.ts';
import { ApiError } from '../../api/http.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatEuro, formatNumber, formatPercent, formatWeight } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useGoBack } from '../../lib/useGoBack.ts';
import { ArticleCartControls, ArticleCartOutcome, useArticleCart } from '../cart/AddToCart.tsx';
import { onEnter } from '../cart/useAddToCart.ts';
import { AvailabilityTag } from '../search/AvailabilityTag.tsx';
import { HitsTable } from '../search/HitsTable.tsx';

/** The `qt` of the address as the text the quantity field starts with (1 when absent or not a quantity). */
const initialQuantityText = (qt: unknown) => {
  const text = typeof qt === 'number' || typeof qt === 'string' ? String(qt).trim() : '';
  return text === '' || !/^\d+([.,]\d+)?$/.test(text) ? '1' : text;
};

/** The `qt` as a number for the equivalents' prices (1 when it is not a positive quantity). */
const quantityOf = (text: string) => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : 1;
};

/** Main view and further views; a click opens the viewer with zoom and rotation. */
const Gallery = ({ article }: { article: ArticoloDetail }) => {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  if (article.images.length === 0) {
    return (
      <Flex vertical align="center" justify="center" className="article-no-image">
        <PictureOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />
        <Typography.Text type="secondary">{t('articoloPage.noImage')}</Typography.Text>
      </Flex>
    );
  }
  const main = article.images[Math.min(current, article.images.length - 1)];
  return (
    <Image.PreviewGroup
      items={article.images.map((i) => i.url)}
      preview={{ current, onChange: (index) => setCurrent(index) }}
    >
      <Flex vertical gap={8}>
        <div className="article-image">
          <Image src={main?.url} alt={t('articoloPage.imageAlt', { code: article.articolo })} />
        </div>
        {article.images.length > 1 ? (
          <Flex gap={8} wrap>
            {article.images.map((img, index) => (
              <button
                type="button"
                key={img.name}
                className={`article-thumb${index === current ? ' is-current' : ''}`}
                aria-label={t('articoloPage.view', { n: index + 1 })}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
              >
                <img src={img.url} alt="" />
              </button>
            ))}
          </Flex>
        ) : null}
      </Flex>
    </Image.PreviewGroup>
  );
};

/** Price and availability for the quantity typed (200 ms wait while typing, spec 1 §9). */
const PriceBox = ({
  article,
  initialQuantity,
  staff,
}: {
  article: ArticoloDetail;
  initialQuantity: string;
  staff: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const countUnit = isCountUnit(article.unitaMisura);
  const [text, setText] = useState(initialQuantity);
  // The domain's parser, as in the cart and on the server: "1,5" and "1.5" are 1.5 in every language.
  const parsed = parseQuantity(text, article.unitaMisura);
  const quantity = parsed.ok && parsed.value > 0 ? parsed.value : null;
  const error = !parsed.ok
    ? t(parsed.error, { max: formatNumber(CART_LIMITS.quantitaMax, i18n.language, 0) })
    : quantity === null
      ? t('cart.error.quantityPositive')
      : undefined;
  const typed = useDebouncedValue(quantity, TYPING_WAIT_MS);
  const info = useInfoCliente(article.id, typed ?? 1, typed !== null);
  // Prices and availability only for the quantity shown: never a stale label or a 0,00 € total.
  const data = quantity !== null && typed === quantity ? info.data : undefined;
  const cart = useArticleCart(article);
  return (
    <Card title={t('articoloPage.priceTitle')} className="article-price">
      <Flex gap={24} wrap align="flex-end">
        <div>
          <label htmlFor="articolo-qt" style={{ display: 'block', marginBottom: 4 }}>
            {t('articoloPage.quantity')} ({t(`unit.${article.unitaMisura}`, { defaultValue: article.unitaMisura })})
          </label>
          <Input
            id="articolo-qt"
            size="large"
            inputMode={countUnit ? 'numeric' : 'decimal'}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={onEnter(() => cart.add(quantity))}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'articolo-qt-error' : undefined}
            style={{ width: 160 }}
          />
        </div>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
            {t('articoloPage.availability')}
          </Typography.Text>
          {data ? (
            <AvailabilityTag label={data.disponibiliLabel} />
          ) : quantity === null ? (
            <span>–</span>
          ) : (
            <Skeleton.Button active size="small" />
          )}
        </div>
        <ArticleCartControls cart={cart} quantity={quantity} />
      </Flex>
      {error ? (
        <Typography.Text type="danger" id="articolo-qt-error" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      ) : null}
      <ArticleCartOutcome cart={cart} notOrderable={!article.ordinabile} />
      {data && data.netto !== null ? (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={12} md={6}>
            <Statistic title={t('search.column.listPrice')} value={formatEuro(data.prezzo, i18n.language)} />
          </Col>
          {data.scontoPerc !== null ? (
            <Col xs={12} md={6}>
              <Statistic title={t('search.column.discount')} value={formatPercent(data.scontoPerc, i18n.language)} />
            </Col>
          ) : null}
          <Col xs={12} md={6}>
            <Statistic title={t('search.column.netPrice')} value={formatEuro(data.netto, i18n.language)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('articoloPage.total')}
              value={formatEuro(data.totale, i18n.language)}
              valueStyle={{ fontWeight: 600 }}
            />
          </Col>
        </Row>
      ) : null}
      {staff && data ? (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 2, sm: 4 }}
          title={t('articoloPage.stock.title')}
          style={{ marginTop: 16 }}
          items={(['disponibilita', 'in5gg', 'inArrivo', 'producibile'] as const).map((key) => ({
            key,
            label: t(`articoloPage.stock.${key}`),
            children: formatNumber(data[key], i18n.language, 3),
          }))}
        />
      ) : null}
    </Card>
  );
};

/** An ALT equivalent with its own price and availability (spec 1 §2.3). */
const AltPrice = ({ id, quantity }: { id: number; quantity: number }) => {
  const { i18n } = useTranslation();
  const info = useInfoCliente(id, quantity, true);
  if (!info.data) return <Skeleton.Button active size="small" />;
  return (
    <Flex gap={8} align="center" wrap>
      <AvailabilityTag label={info.data.disponibiliLabel} />
      {info.data.netto !== null ? <strong>{formatEuro(info.data.netto, i18n.language)}</strong> : null}
    </Flex>
  );
};

const Equivalents = ({ id, staff, quantity }: { id: number; staff: boolean; quantity: number }) => {
  const { t, i18n } = useTranslation();
  const equivalents = useEquivalents(id, i18n.language as Language);
  const rows = equivalents.data ?? [];
  const alt = rows.filter((e) => e.relazione === 'ALT');
  const oem = rows.filter((e) => e.relazione === 'OEM');
  if (equivalents.isPending) return <Skeleton active />;
  if (alt.length === 0 && (!staff || oem.length === 0)) return null;
  return (
    <Card title={t('articoloPage.equivalents.title')}>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {t('articoloPage.equivalents.alt')}
      </Typography.Title>
      <Table<Equivalent>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={alt}
        locale={{ emptyText: t('articoloPage.equivalents.none') }}
        columns={[
          {
            key: 'code',
            title: t('search.column.code'),
            render: (_, e) =>
              e.articolo ? (
                <Link to={`/articolo/r/${e.articolo.id}`} search={{ qt: quantity }} className="article-code">
                  {e.articolo.articolo}
                </Link>
              ) : (
                <span className="article-code">{e.equiv}</span>
              ),
          },
          {
            key: 'descr',
            title: t('search.column.description'),
            render: (_, e) => e.articolo?.descrizione ?? e.note ?? '',
          },
          {
            key: 'price',
            title: t('articoloPage.equivalents.priceAndAvailability'),
            render: (_, e) => (e.articolo ? <AltPrice id={e.articolo.id} quantity={quantity} /> : '–'),
          },
        ]}
      />
      {staff ? (
        <>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
            {t('articoloPage.equivalents.oem')}
          </Typography.Title>
          <Table<Equivalent>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={oem}
            locale={{ emptyText: t('articoloPage.equivalents.none') }}
            columns={[
              {
                key: 'brand',
                title: t('articoloPage.equivalents.brand'),
                render: (_, e) => e.marchio?.descrizione ?? '–',
              },
              {
                key: 'code',
                title: t('search.column.code'),
                render: (_, e) => <span className="article-code">{e.equiv}</span>,
              },
              { key: 'note', title: t('articoloPage.equivalents.note'), render: (_, e) => e.note ?? '' },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
};

/** Where the part is used (staff only, 10 per page, spec 1 §2.3, §9). */
const WhereUsed = ({ id }: { id: number }) => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const used = useWhereUsed(id, i18n.language as Language, page);
  return (
    <Card title={t('articoloPage.whereUsed.title')}>
      <Table
        rowKey="id"
        size="small"
        loading={used.isFetching}
        pagination={false}
        dataSource={used.data?.items ?? []}
        locale={{ emptyText: t('articoloPage.whereUsed.none') }}
        columns={[
          {
            key: 'code',
            title: t('search.column.code'),
            render: (_, row) => (
              <Link
                to={`/articolo/${row.padre.tipoArticolo === 'M' ? 'm' : 'r'}/${row.padre.id}`}
                className="article-code"
              >
                {row.padre.articolo}
              </Link>
            ),
          },
          { key: 'descr', title: t('search.column.description'), render: (_, row) => row.padre.descrizione },
          {
            key: 'qty',
            title: t('articoloPage.whereUsed.quantity'),
            align: 'right',
            render: (_, row) => formatNumber(row.quantita, i18n.language, 3),
          },
        ]}
      />
      <Pager page={page} total={used.data?.total ?? 0} size={WHERE_USED_PAGE_SIZE} onChange={setPage} />
    </Card>
  );
};

/** The parts of a machine (its bill of materials), with prices and availability. */
const MachineParts = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const parts = useByIdSearch(id, 'M', page);
  return (
    <Card title={t('articoloPage.machineParts')}>
      <HitsTable hits={parts.data?.items ?? []} loading={parts.isFetching} />
      <Pager page={page} total={parts.data?.total ?? 0} size={PAGE_SIZE} onChange={setPage} />
    </Card>
  );
};

const NotFound = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('articoloPage.notFound.title')}
      subTitle={t('articoloPage.notFound.body')}
      extra={
        <ButtonLink to="/spare-parts" buttonType="primary">
          {t('search.newSearch')}
        </ButtonLink>
      }
    />
  );
};

const typeLabel = (a: ArticoloDetail) => (a.tipoArticolo === 'M' ? 'machine' : a.cingoloInGomma ? 'track' : 'part');

/** /articolo/r/{id}?qt and /articolo/m/{id}?qt (spec 1 §2.3, §3, §6). */
export const ArticoloPage = () => {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack();
  const account = useAccount();
  const staff = hasAnyAuthority(account?.authorities, CATALOGUE_STAFF_ROLES);
  const params = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as { qt?: unknown };
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const articolo = useArticolo(valid ? id : 0);
  const quantityText = initialQuantityText(search.qt);
  const quantity = quantityOf(quantityText);

  if (!valid || (articolo.error instanceof ApiError && articolo.error.status === 404)) return <NotFound />;
  if (articolo.isError) {
    return <Result status="error" title={t('articoloPage.loadError')} />;
  }
  if (!articolo.data) return <Skeleton active style={{ marginTop: 24 }} />;
  const a = articolo.data;
  const kind = typeLabel(a);
  const details = [
    {
      key: 'unit',
      label: t('search.column.unit'),
      children: t(`unit.${a.unitaMisura}`, { defaultValue: a.unitaMisura }),
    },
    { key: 'peso', label: t('articoloPage.weight'), children: formatWeight(a.peso, i18n.language) },
    { key: 'gruppo', label: t('articoloPage.group'), children: a.gruppoMerceologico },
    ...(a.classeMercWeb ? [{ key: 'classe', label: t('articoloPage.class'), children: a.classeMercWeb }] : []),
    ...(kind === 'track'
      ? [
          {
            key: 'dims',
            label: t('articoloPage.trackDimensions'),
            children: `${a.tags[0] ?? '–'} × ${a.tags[1] ?? '–'} × ${a.tags[2] ?? '–'} · ${t('search.dimensions.shape')} ${a.tags[5] ?? '–'}`,
          },
        ]
      : []),
    ...(kind === 'machine'
      ? [
          {
            key: 'model',
            label: t('search.machine.model'),
            // tag3 holds the version's Italian name; the localized description already names it.
            children: a.tags[1] ?? '',
          },
        ]
      : []),
    ...(a.datiTecnici
      ? [
          {
            key: 'tech',
            label: t('articoloPage.technical'),
            children: <span style={{ whiteSpace: 'pre-line' }}>{a.datiTecnici}</span>,
          },
        ]
      : []),
  ];

  return (
    <div style={{ padding: '16px 0' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={goBack} style={{ marginBottom: 12 }}>
        {t('entity.action.back')}
      </Button>
      <Flex gap={12} align="baseline" wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }} className="article-code">
          {a.articolo}
        </Typography.Title>
        <Tag color={kind === 'machine' ? 'geekblue' : kind === 'track' ? 'cyan' : 'default'}>
          {t(`articoloPage.kind.${kind}`)}
        </Tag>
        {a.marchio ? <Tag>{a.marchio.descrizione}</Tag> : null}
        {!a.ordinabile ? <Tag color="warning">{t('articoloPage.notOrderable')}</Tag> : null}
      </Flex>
      <Typography.Title level={2} style={{ marginTop: 4, fontSize: 20, fontWeight: 500 }}>
        {a.descrizione}
      </Typography.Title>
      {a.categorie.length > 0 ? (
        <Flex gap={4} wrap style={{ marginBottom: 8 }}>
          {a.categorie.map((c) => (
            <Tag key={c.id} bordered={false}>
              {c.nome}
            </Tag>
          ))}
        </Flex>
      ) : null}
      <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
        <Col xs={24} lg={9}>
          <Card>
            <Gallery article={a} />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Flex vertical gap={16}>
            <PriceBox key={`${a.id}:${quantityText}`} article={a} initialQuantity={quantityText} staff={staff} />
            <Card title={t('articoloPage.details')}>
              {a.descrizioneEstesa ? <Typography.Paragraph>{a.descrizioneEstesa}</Typography.Paragraph> : null}
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={details} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24}>
          <Equivalents id={a.id} staff={staff} quantity={quantity} />
        </Col>
        {kind === 'machine' ? (
          <Col xs={24}>
            <MachineParts id={a.id} />
          </Col>
        ) : null}
        {staff ? (
          <Col xs={24}>
            <WhereUsed id={a.id} />
          </Col>
        ) : null}
      </Row>
    </div>
  );
};
