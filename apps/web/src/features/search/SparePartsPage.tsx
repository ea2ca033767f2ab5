import { BarcodeOutlined, ColumnWidthOutlined, LoadingOutlined, SearchOutlined, ToolOutlined } from '@ant-design/icons';
import { AUTOCOMPLETE_SIZE, SEARCH_TERM_MAX, TYPING_WAIT_MS, themeAllows } from '@ricambi/domain';
import { useNavigate } from '@tanstack/react-router';
import { Alert, AutoComplete, Button, Card, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TagValue,
  useBrands,
  useLinks,
  useModels,
  usePitches,
  useShapes,
  useTypeahead,
  useVariants,
  useWidths,
} from '../../api/catalogue.api.ts';
import { useActiveTheme } from '../../lib/theme.context.ts';
import { useActiveDescendant } from '../../lib/useActiveDescendant.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { CodeLookupField } from './CodeLookupField.tsx';
import { articoloPath } from './HitsTable.tsx';

const SHOW_ALL = '__all__';
const enc = encodeURIComponent;

const SearchCard = ({
  icon,
  title,
  help,
  children,
}: {
  icon: ReactNode;
  title: string;
  help: string;
  children: ReactNode;
}) => (
  <Card
    title={
      <Flex gap={8} align="center">
        {icon}
        <span>{title}</span>
      </Flex>
    }
    style={{ height: '100%' }}
  >
    <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
    {children}
  </Card>
);

/** Free search with typeahead: 10 suggestions and 'show all' when there are more (spec 1 §2.3, §9). */
const FreeSearch = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const term = useDebouncedValue(text.trim(), TYPING_WAIT_MS);
  const typeahead = useTypeahead(term);
  const page = term.length >= 2 ? typeahead.data : undefined;
  const options = (page?.items ?? []).map((hit) => ({
    value: `${hit.id}`,
    label: (
      <Flex gap={8} justify="space-between" data-testid="typeahead-option">
        <span>
          <strong className="article-code">{hit.articolo}</strong> — {hit.descrizione}
        </span>
      </Flex>
    ),
  }));
  if (page && (page.capped || page.total > AUTOCOMPLETE_SIZE)) {
    options.push({
      value: SHOW_ALL,
      label: (
        <Typography.Link data-testid="typeahead-show-all">
          {t(page.capped ? 'search.free.showAllMany' : 'search.free.showAll', { count: page.total })}
        </Typography.Link>
      ),
    });
  }
  const goFull = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      setError(true);
      return;
    }
    void navigate({ to: `/search-full/${enc(trimmed)}` });
  };
  const onSelect = (value: string) => {
    if (value === SHOW_ALL) return goFull(text);
    const hit = page?.items.find((h) => String(h.id) === value);
    if (hit) void navigate({ to: articoloPath(hit) });
  };
  const descendant = useActiveDescendant('free-search', options);
  return (
    <SearchCard icon={<SearchOutlined />} title={t('search.free.title')} help={t('search.free.help')}>
      <Form.Item
        validateStatus={error ? 'error' : undefined}
        help={error ? t('search.free.required') : undefined}
        style={{ marginBottom: 0 }}
      >
        <AutoComplete
          id="free-search"
          onActive={descendant.onActive}
          value={text}
          options={options}
          onChange={(v) => {
            setText(v);
            setError(false);
          }}
          onSelect={onSelect}
          // All ten suggestions and 'show all' at once, none hidden behind a scroll.
          virtual={false}
          // Enter searches what was typed; a suggestion is taken with the arrow keys or a click.
          defaultActiveFirstOption={false}
          listHeight={420}
          style={{ width: '100%' }}
          notFoundContent={page && page.total === 0 && !typeahead.isFetching ? t('search.noResults') : undefined}
        >
          <Input.Search
            {...descendant.inputProps}
            aria-label={t('search.free.title')}
            placeholder={t('search.free.placeholder')}
            enterButton={t('search.button')}
            size="large"
            // Not `loading`: antd's Search ignores Enter and the button while loading, which would
            // swallow a search typed faster than the typeahead answers.
            suffix={<span className="typeahead-spinner">{typeahead.isFetching && <LoadingOutlined />}</span>}
            maxLength={SEARCH_TERM_MAX}
            onSearch={(v, _e, info) => {
              if (info?.source !== 'clear') goFull(v);
            }}
          />
        </AutoComplete>
      </Form.Item>
    </SearchCard>
  );
};

/** By code: the exact code opens its result (search-code/{articoloId}). */
const CodeSearch = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SearchCard icon={<BarcodeOutlined />} title={t('search.code.title')} help={t('search.code.help')}>
      <CodeLookupField
        texts={{
          label: 'search.code.title',
          placeholder: 'search.code.placeholder',
          button: 'search.button',
          required: 'search.code.required',
          notFound: 'search.code.notFound',
        }}
        onFound={(hit) => void navigate({ to: `/search-code/${hit.id}` })}
      />
    </SearchCard>
  );
};

const tagOptions = (values: TagValue[] | undefined) => (values ?? []).map((v) => ({ value: v.value, label: v.value }));

/** Brand → model → variant (spec 1 §2.3), each list from the one before. */
const MachineSearch = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [marchioId, setMarchioId] = useState<number>();
  const [model, setModel] = useState<string>();
  const [variant, setVariant] = useState<string>();
  const brands = useBrands();
  const models = useModels(marchioId);
  const variants = useVariants(marchioId, model);
  const ready = Boolean(marchioId && model && variant);
  return (
    <SearchCard icon={<ToolOutlined />} title={t('search.machine.title')} help={t('search.machine.help')}>
      <Form
        layout="vertical"
        onFinish={() =>
          ready && void navigate({ to: `/search-machine/${marchioId}/${enc(model ?? '')}/${enc(variant ?? '')}` })
        }
      >
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item label={t('search.machine.brand')} htmlFor="machine-brand">
              <Select
                id="machine-brand"
                value={marchioId}
                loading={brands.isPending}
                placeholder={t('search.choose')}
                options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.descrizione }))}
                onChange={(v: number) => {
                  setMarchioId(v);
                  setModel(undefined);
                  setVariant(undefined);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label={t('search.machine.model')} htmlFor="machine-model">
              <Select
                id="machine-model"
                value={model}
                disabled={!marchioId}
                loading={models.isFetching}
                placeholder={t('search.choose')}
                showSearch
                options={tagOptions(models.data)}
                onChange={(v: string) => {
                  setModel(v);
                  setVariant(undefined);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label={t('search.machine.variant')} htmlFor="machine-variant">
              <Select
                id="machine-variant"
                value={variant}
                disabled={!model}
                loading={variants.isFetching}
                placeholder={t('search.choose')}
                options={tagOptions(variants.data)}
                onChange={(v: string) => setVariant(v)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" disabled={!ready} icon={<SearchOutlined />}>
          {t('search.button')}
        </Button>
      </Form>
    </SearchCard>
  );
};

/** Rubber tracks by width × pitch × links × shape (spec 1 §2.3). */
const DimensionSearch = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dims, setDims] = useState<{ tag1?: string; tag2?: string; tag3?: string; tag6?: string }>({});
  const widths = useWidths();
  const pitches = usePitches(dims.tag1);
  const links = useLinks(dims.tag1, dims.tag2);
  const shapes = useShapes(dims.tag1, dims.tag2, dims.tag3);
  const failed = widths.isError || pitches.isError || links.isError || shapes.isError;
  const ready = Boolean(dims.tag1 && dims.tag2 && dims.tag3 && dims.tag6);
  const field = (
    key: 'tag1' | 'tag2' | 'tag3' | 'tag6',
    label: string,
    list: { data?: TagValue[]; isFetching: boolean },
    enabled: boolean,
    reset: Partial<typeof dims>,
  ) => (
    <Col xs={12} sm={6}>
      <Form.Item label={label} htmlFor={`dimension-${key}`}>
        <Select
          id={`dimension-${key}`}
          value={dims[key]}
          disabled={!enabled}
          loading={list.isFetching}
          placeholder={t('search.choose')}
          options={tagOptions(list.data)}
          onChange={(v: string) => setDims((d) => ({ ...d, ...reset, [key]: v }))}
        />
      </Form.Item>
    </Col>
  );
  return (
    <SearchCard icon={<ColumnWidthOutlined />} title={t('search.dimensions.title')} help={t('search.dimensions.help')}>
      <Form
        layout="vertical"
        onFinish={() =>
          ready &&
          void navigate({
            to: `/search-dimensions/${enc(dims.tag1 ?? '')}/${enc(dims.tag2 ?? '')}/${enc(dims.tag3 ?? '')}/${enc(dims.tag6 ?? '')}`,
          })
        }
      >
        <Row gutter={12}>
          {field('tag1', t('search.dimensions.width'), widths, true, {
            tag2: undefined,
            tag3: undefined,
            tag6: undefined,
          })}
          {field('tag2', t('search.dimensions.pitch'), pitches, Boolean(dims.tag1), {
            tag3: undefined,
            tag6: undefined,
          })}
          {field('tag3', t('search.dimensions.links'), links, Boolean(dims.tag2), { tag6: undefined })}
          {field('tag6', t('search.dimensions.shape'), shapes, Boolean(dims.tag3), {})}
        </Row>
        {failed ? (
          <Alert type="error" showIcon message={t('search.form-dimensione.error')} style={{ marginBottom: 12 }} />
        ) : null}
        <Button type="primary" htmlType="submit" disabled={!ready} icon={<SearchOutlined />}>
          {t('search.button')}
        </Button>
      </Form>
    </SearchCard>
  );
};

/** /spare-parts (spec 1 §2.1, §2.3): the four searches; under the tracks theme dimensions come first. */
export const SparePartsPage = () => {
  const { t } = useTranslation();
  const theme = useActiveTheme();
  const tracksFirst = theme ? theme.canAccessTracks && !theme.canAccessParts : false;
  // Searching by machine leads to machine parts: not offered by a theme without parts access.
  const parts = theme ? themeAllows(theme, 'parts') : true;
  const cards = [
    <FreeSearch key="free" />,
    <CodeSearch key="code" />,
    ...(parts ? [<MachineSearch key="machine" />] : []),
    <DimensionSearch key="dimensions" />,
  ];
  if (tracksFirst) cards.unshift(...cards.splice(cards.length - 1, 1));
  return (
    <div style={{ padding: '16px 0' }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 26 }}>
        {t('search.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('search.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col xs={24} xl={12} key={card.key}>
            {card}
          </Col>
        ))}
      </Row>
    </div>
  );
};
