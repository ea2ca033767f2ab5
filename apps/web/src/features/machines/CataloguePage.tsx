import {
  ArrowLeftOutlined,
  CheckSquareOutlined,
  FileTextOutlined,
  ReloadOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import {
  CATALOGUE_REFRESH_ROLES,
  type CatalogueHeader,
  type CatalogueRow,
  CHECKLIST_ROLES,
  DOCUMENT_LIBRARY_ROLES,
  hasAnyAuthority,
  isTreeLeaf,
  type Language,
  MACHINE_LIMITS,
} from '@ricambi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Input,
  Result,
  Row,
  Skeleton,
  Typography,
} from 'antd';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useAddAllToCart, useCanUseCart } from '../../api/cart.api.ts';
import { ApiError } from '../../api/http.ts';
import { fetchCatalogueRows, fetchTreeSearch, refreshCatalogue, useCatalogueHeader } from '../../api/machines.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { describeError } from '../../lib/alerts.ts';
import { describeCartError } from '../cart/LineStatus.tsx';
import { AssemblyPdfButton, FullPdfButton } from './CataloguePdf.tsx';
import { CatalogueTree, cartLineOf, type RowCartState, rowCartQuantity } from './CatalogueTree.tsx';
import {
  choose,
  clearMatches,
  emptyTree,
  isLoaded,
  orderableLeaves,
  type ParentKey,
  rowsAtPosition,
  selectedAssembly,
  shownDrawing,
  type TreeState,
  withChildren,
  withMatches,
} from './catalogue.tree.ts';
import { DrawingViewer } from './DrawingViewer.tsx';
import { machineDescription, machineFacts } from './machine.facts.tsx';
import './machines.css';

type Action =
  | { type: 'children'; parent: ParentKey; rows: CatalogueRow[] }
  | { type: 'choose'; item: number; keepOpen?: boolean }
  | { type: 'matches'; matches: { rigItem: number; path: number[] }[] }
  | { type: 'clearMatches' }
  | { type: 'reset' };

const reducer = (state: TreeState, action: Action): TreeState => {
  switch (action.type) {
    case 'children':
      return withChildren(state, action.parent, action.rows);
    case 'choose':
      return choose(state, action.item, action.keepOpen);
    case 'matches':
      return withMatches(state, action.matches);
    case 'clearMatches':
      return clearMatches(state);
    case 'reset':
      return emptyTree();
  }
};

type SearchOutcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; count: number; truncated: boolean };

/** Scrolls the tree box (not the page, so the drawing stays in view) to show a row a third of the way down. */
const scrollToRow = (container: HTMLElement, row: HTMLElement) => {
  const top = row.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
  container.scrollTo({ top: Math.max(0, top - container.clientHeight / 3), behavior: 'smooth' });
};

/** The tree, its search and cart state, and the drawing beside it (spec 2 §2, §4). */
const CatalogueBody = ({ header }: { header: CatalogueHeader }) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const lang = i18n.language as Language;
  const idMatricola = header.machine.id;
  const serial = header.machine.mtMatricola;
  const [state, dispatch] = useReducer(reducer, undefined, emptyTree);
  const [rootStatus, setRootStatus] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [loading, setLoading] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<SearchOutcome>({ kind: 'idle' });
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [inCart, setInCart] = useState<ReadonlySet<number>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);
  // The row to bring into view once it is drawn: its parents may still be loading or rendering.
  const [scrollTarget, setScrollTarget] = useState<{ item: number } | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const canCart = useCanUseCart();
  const addAll = useAddAllToCart();

  const load = useCallback(
    async (parent: ParentKey) => {
      const rows = await fetchCatalogueRows(client, idMatricola, header.id, parent, lang);
      dispatch({ type: 'children', parent, rows });
      return rows;
    },
    [client, idMatricola, header.id, lang],
  );

  useEffect(() => {
    dispatch({ type: 'reset' });
    setRootStatus('loading');
    load('root').then(
      () => setRootStatus('loaded'),
      () => setRootStatus('error'),
    );
  }, [load]);

  useLayoutEffect(() => {
    if (!scrollTarget || !state.rows.has(scrollTarget.item)) return;
    const container = scroller.current;
    const row = container?.querySelector<HTMLElement>(`[data-rig-item="${scrollTarget.item}"]`);
    if (!container || !row) return;
    scrollToRow(container, row);
    setScrollTarget(null);
  }, [scrollTarget, state]);

  // The last row or balloon chosen wins: a choice made while an earlier one's children load is not
  // undone when they arrive.
  const lastChoice = useRef(0);
  const onChoose = async (item: number, keepOpen = false) => {
    setScrollTarget(null);
    const choice = ++lastChoice.current;
    const row = stateRef.current.rows.get(item);
    if (!row) return;
    if (!isTreeLeaf(row) && !isLoaded(stateRef.current, item)) {
      setLoading((s) => new Set(s).add(item));
      try {
        await load(item);
      } catch (error) {
        void message.error(describeError(error));
      } finally {
        setLoading((s) => {
          const next = new Set(s);
          next.delete(item);
          return next;
        });
      }
      if (choice !== lastChoice.current) return;
    }
    dispatch({ type: 'choose', item, keepOpen });
  };

  const runSearch = async (text: string) => {
    const q = text.trim();
    if (!q) {
      dispatch({ type: 'clearMatches' });
      setOutcome({ kind: 'idle' });
      return;
    }
    setOutcome({ kind: 'busy' });
    try {
      const result = await fetchTreeSearch(client, idMatricola, q, lang);
      const needed = [...new Set(result.matches.flatMap((m) => m.path))];
      // Parents first: each path is loaded from level 1 down.
      for (const item of needed) if (!isLoaded(stateRef.current, item)) await load(item);
      dispatch({ type: 'matches', matches: result.matches });
      setOutcome({ kind: 'done', count: result.matches.length, truncated: result.truncated });
      const first = result.matches[0];
      if (first) setScrollTarget({ item: first.rigItem });
    } catch (error) {
      setOutcome({ kind: 'idle' });
      void message.error(describeError(error));
    }
  };

  const view = shownDrawing(state);
  const assembly = selectedAssembly(state);
  const onBalloon = (pos: string) => {
    if (!view) return;
    const [first] = rowsAtPosition(state, view.owner, view.drawing, pos);
    if (!first) return;
    void onChoose(first.rigItem, true);
    setScrollTarget({ item: first.rigItem });
  };
  const describe = (pos: string) =>
    view
      ? rowsAtPosition(state, view.owner, view.drawing, pos)
          .map((r) => [r.articolo?.articolo ?? r.rigIdTav, r.descrizione].filter(Boolean).join(' – '))
          .join('; ')
      : '';

  const cart: RowCartState = {
    quantities,
    inCart,
    setQuantity: (item, text) => setQuantities((q) => ({ ...q, [item]: text })),
    markInCart: (items) => setInCart((s) => new Set([...s, ...items])),
  };
  const allRows = assembly
    ? orderableLeaves(state, assembly.rigItem).flatMap((row) => {
        const quantity = rowCartQuantity(row, quantities[row.rigItem] ?? '1');
        return quantity > 0 ? [{ row, quantity }] : [];
      })
    : [];
  const cartAll = async () => {
    if (allRows.length === 0 || addAll.isPending) return;
    try {
      await addAll.mutateAsync(allRows.map(({ row, quantity }) => cartLineOf(row, quantity, serial)));
      cart.markInCart(allRows.map(({ row }) => row.rigItem));
      void message.success(t('machines.catalogue.cart.allAdded', { count: allRows.length }));
    } catch (error) {
      void message.error(describeCartError(t, error), 8);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card
          size="small"
          title={t('machines.catalogue.tree.title')}
          extra={
            canCart ? (
              <Button
                icon={<ShoppingCartOutlined />}
                disabled={allRows.length === 0}
                loading={addAll.isPending}
                onClick={() => void cartAll()}
                data-testid="cart-all"
              >
                {t('machines.catalogue.cart.all', { count: allRows.length })}
              </Button>
            ) : null
          }
        >
          <Input.Search
            aria-label={t('machines.catalogue.search.label')}
            placeholder={t('machines.catalogue.search.placeholder')}
            value={search}
            maxLength={MACHINE_LIMITS.treeSearchTerm}
            allowClear
            loading={outcome.kind === 'busy'}
            onChange={(e) => {
              setSearch(e.target.value);
              if (e.target.value === '') void runSearch('');
            }}
            onSearch={(v) => void runSearch(v)}
            style={{ marginBottom: 8 }}
            data-testid="tree-search"
          />
          <div role="status" aria-live="polite" style={{ minHeight: 22, marginBottom: 4 }}>
            {outcome.kind === 'done' ? (
              <Typography.Text type="secondary" data-testid="tree-search-outcome">
                {outcome.count === 0
                  ? t('machines.catalogue.search.none')
                  : t(outcome.truncated ? 'machines.catalogue.search.many' : 'machines.catalogue.search.found', {
                      count: outcome.count,
                    })}
              </Typography.Text>
            ) : null}
          </div>
          <div ref={scroller} className="catalogue-tree-scroll" data-testid="catalogue-tree">
            {rootStatus === 'loading' ? <Skeleton active style={{ padding: 12 }} /> : null}
            {rootStatus === 'error' ? (
              <Alert type="error" showIcon title={t('machines.catalogue.loadError')} style={{ margin: 12 }} />
            ) : null}
            {rootStatus === 'loaded' && state.children.get('root')?.length === 0 ? (
              <Empty description={t('machines.catalogue.empty')} style={{ padding: 16 }} />
            ) : null}
            <CatalogueTree
              state={state}
              loading={loading}
              onChoose={(item) => void onChoose(item)}
              serial={serial}
              cart={cart}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={
            assembly ? (
              <span>
                <span className="article-code">{assembly.rigIdTav}</span> {assembly.descrizione}
              </span>
            ) : (
              t('machines.drawing.title')
            )
          }
          extra={<AssemblyPdfButton header={header} assembly={assembly} />}
        >
          {view ? (
            <DrawingViewer
              key={view.drawing}
              drawing={view.drawing}
              highlight={view.highlight}
              fileName={view.fileName}
              onBalloon={onBalloon}
              describe={describe}
            />
          ) : (
            <Empty description={t('machines.drawing.choose')} style={{ padding: '48px 0' }} />
          )}
        </Card>
      </Col>
    </Row>
  );
};

const NotFound = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('machines.catalogue.notFound.title')}
      subTitle={t('machines.catalogue.notFound.body')}
      extra={
        <ButtonLink to="/machine/search/" buttonType="primary">
          {t('machines.search.title')}
        </ButtonLink>
      }
    />
  );
};

/** /catalogo/{idMatricola}/{matricola} (spec 2 §2 catalogo_detail). */
export const CataloguePage = () => {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const account = useAccount();
  const internal = hasAnyAuthority(account?.authorities, CATALOGUE_REFRESH_ROLES);
  const readsDocuments = hasAnyAuthority(account?.authorities, DOCUMENT_LIBRARY_ROLES);
  const fillsChecklists = hasAnyAuthority(account?.authorities, CHECKLIST_ROLES);
  const params = useParams({ strict: false }) as { idMatricola?: string; matricola?: string };
  const idMatricola = Number(params.idMatricola);
  const matricola = params.matricola ?? '';
  const valid = Number.isSafeInteger(idMatricola) && idMatricola > 0 && matricola !== '';
  const header = useCatalogueHeader(valid ? idMatricola : 0, matricola);
  const [generation, setGeneration] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  if (!valid || (header.error instanceof ApiError && header.error.status === 404)) return <NotFound />;
  if (header.isError) return <Result status="error" title={t('machines.catalogue.loadError')} />;
  if (!header.data) return <Skeleton active style={{ marginTop: 24 }} />;
  const h = header.data;

  const refresh = () =>
    modal.confirm({
      title: t('machines.catalogue.refresh.title'),
      content: t('machines.catalogue.refresh.question', { serial: h.machine.mtMatricola }),
      okText: t('machines.catalogue.refresh.yes'),
      cancelText: t('machines.catalogue.refresh.no'),
      onOk: async () => {
        setRefreshing(true);
        try {
          await refreshCatalogue(client, { idMatricola, matricola, crCodice: h.crCodice }, i18n.language);
          setGeneration((g) => g + 1);
          void message.success(t('machines.catalogue.refresh.done'));
        } catch (error) {
          void message.error(describeError(error));
        } finally {
          setRefreshing(false);
        }
      },
    });

  return (
    <div style={{ padding: '16px 0' }}>
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <ButtonLink to="/machine/search/" icon={<ArrowLeftOutlined />}>
          {t('machines.catalogue.back')}
        </ButtonLink>
        <Flex gap={8} wrap>
          {readsDocuments ? (
            <ButtonLink
              to="/documenti"
              search={{ serial: h.machine.mtMatricola }}
              icon={<FileTextOutlined />}
              data-testid="catalogue-documents"
            >
              {t('machines.catalogue.documents')}
            </ButtonLink>
          ) : null}
          {fillsChecklists ? (
            <ButtonLink
              to="/crDars"
              search={{ term: h.machine.mtMatricola }}
              icon={<CheckSquareOutlined />}
              data-testid="catalogue-checklists"
            >
              {t('crDar.catalogueLink')}
            </ButtonLink>
          ) : null}
          {internal ? (
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={refresh} data-testid="catalogue-refresh">
              {t('machines.catalogue.refresh.button')}
            </Button>
          ) : null}
          <FullPdfButton header={h} />
        </Flex>
      </Flex>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        <span className="article-code">{h.machine.mtMatricola}</span> · {machineDescription(h.machine, i18n.language)}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        {h.descrizione}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginBottom: 16 }}
        data-testid="catalogue-header"
        items={machineFacts(h.machine, t, h.crCodice)}
      />
      <CatalogueBody key={`${h.id}:${generation}`} header={h} />
    </div>
  );
};
