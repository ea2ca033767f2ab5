import { ReloadOutlined } from '@ant-design/icons';
import { type DocumentTree, type DocumentTreeNode, localizedText } from '@ricambi/domain';
import { Alert, Button, Card, Empty, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parentKeysOf } from './documents.filters.ts';

/** The root of the tree: every category (choosing it clears the category). */
const ALL_KEY = '*';

type Node = Pick<DocumentTreeNode, 'key' | 'chiave' | 'titolo' | 'count'> & { nodes: readonly Node[] };

const TitleWithCount = ({ text, count }: { text: ReactNode; count: number }) => (
  <span className="documents-tree-title">
    <span>{text}</span>
    <span className="documents-tree-count">{count}</span>
  </span>
);

export type CategoryTreeProps = {
  tree: DocumentTree | undefined;
  loading: boolean;
  /** The tree could not be read for another reason than the filters (those are shown on the filters). */
  failed: boolean;
  /** The filters are refused: nothing to show until they are corrected. */
  blocked: boolean;
  onRetry: () => void;
  /** The chosen category's keys from the top. */
  chain: readonly string[];
  /** Its titles, for the summary of the folded tree. */
  chosenTitles: readonly string[];
  onChoose: (chain: readonly string[]) => void;
  /** Narrow screens: the tree sits above the results and folds. */
  foldable: boolean;
};

/** The categories of what the filters find, with their counts (spec 2 §2): choosing one filters the results. */
export const CategoryTree = ({
  tree,
  loading,
  failed,
  blocked,
  onRetry,
  chain,
  chosenTitles,
  onChoose,
  foldable,
}: CategoryTreeProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const chosenKey = chain.join('/') || ALL_KEY;
  const [expanded, setExpanded] = useState<readonly string[]>(() => [ALL_KEY, ...parentKeysOf(chain)]);

  // A category chosen elsewhere (the address, the back button) is shown with its parents open.
  useEffect(() => {
    const parents = parentKeysOf(chain);
    setExpanded((keys) => (parents.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...parents])]));
  }, [chain]);

  const { data, chains } = useMemo(() => {
    const chainOf = new Map<string, readonly string[]>([[ALL_KEY, []]]);
    const toData = (node: Node, parent: readonly string[]): TreeDataNode => {
      const own = [...parent, node.chiave];
      chainOf.set(node.key, own);
      return {
        key: node.key,
        title: <TitleWithCount text={localizedText(node.titolo, lang) || node.chiave} count={node.count} />,
        children: node.nodes.length ? node.nodes.map((n) => toData(n, own)) : undefined,
        isLeaf: node.nodes.length === 0,
      };
    };
    const root: TreeDataNode = {
      key: ALL_KEY,
      title: <TitleWithCount text={t('documenti.tree.all')} count={tree?.total ?? 0} />,
      children: (tree?.nodes ?? []).map((n) => toData(n, [])),
    };
    return { data: [root], chains: chainOf };
  }, [tree, lang, t]);

  const shown = !foldable || open;
  const summary = chosenTitles.length ? t('documenti.tree.chosen', { path: chosenTitles.join(' > ') }) : null;

  let body: ReactNode;
  if (failed)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('documenti.result.error')}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('documenti.result.retry')}
          </Button>
        }
      />
    );
  else if (blocked) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documenti.tree.empty')} />;
  else if (!tree) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  else if (tree.total === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documenti.tree.empty')} />;
  else
    body = (
      <div className="documents-tree-scroll" aria-busy={loading}>
        <Tree
          treeData={data}
          blockNode
          showLine={{ showLeafIcon: false }}
          selectedKeys={[chosenKey]}
          expandedKeys={[...expanded]}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onSelect={(_keys, info) => {
            const key = String(info.node.key);
            if (key === ALL_KEY || key === chosenKey) return onChoose([]);
            // A category with others below opens as it is chosen.
            if (info.node.children?.length) setExpanded((keys) => (keys.includes(key) ? keys : [...keys, key]));
            onChoose(chains.get(key) ?? []);
          }}
          aria-label={t('documenti.tree.label')}
          data-testid="doc-tree"
        />
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 8 }}>
          {t('documenti.tree.hint')}
        </Typography.Text>
      </div>
    );

  return (
    <Card
      size="small"
      title={t('documenti.tree.title')}
      extra={
        foldable ? (
          <Button
            size="small"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={bodyId}
            data-testid="doc-tree-toggle"
          >
            {t(open ? 'documenti.tree.hide' : 'documenti.tree.show')}
          </Button>
        ) : null
      }
      styles={shown ? undefined : { body: { padding: '8px 12px' } }}
    >
      <div id={bodyId}>
        {shown ? (
          body
        ) : (
          <Typography.Text type="secondary" data-testid="doc-tree-summary">
            {summary ?? t('documenti.tree.all')}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
};
