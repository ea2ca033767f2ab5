import { ArrowLeftOutlined, EditOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { ChecklistHeader } from '@ricambi/domain';
import { useCanGoBack, useNavigate, useParams, useRouter, useRouterState } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChecklistHeader, useChecklistTree } from '../../api/checklists.api.ts';
import { ApiError } from '../../api/http.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { ChecklistAnswerDialog } from './ChecklistAnswerDialog.tsx';
import { ChecklistHeaderDialog } from './ChecklistHeaderDialog.tsx';
import { ChecklistPdfButton, ChecklistStateTag, describeChecklistError } from './ChecklistParts.tsx';
import { ChecklistTree } from './ChecklistTree.tsx';
import {
  CHECKLIST_PATH,
  CHECKLISTS_PATH,
  findLine,
  formatChecklistDate,
  nextQuestion,
  progressOf,
} from './checklists.model.ts';
import { ChecklistShell, useDialogNavigation } from './checklists.shell.tsx';

/**
 * Spec 3 §2 checklist detail (issue 15 §2): /crDar/{idh} — type, model, serial and the state badge,
 * Back, Finito (only when Completato: the header dialog, to rate and send), the help text while not
 * complete, and the numbered tree of lines. /crDar/{idh}/line/{lineId} opens a line's answer dialog
 * and /crDar/{idh}/head the header dialog over it.
 */
export const ChecklistDetailPage = () => (
  <ChecklistShell>
    <ChecklistDetail />
  </ChecklistShell>
);

const ChecklistDetail = () => {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { idh?: string; lineId?: string };
  const idh = Number(params.idh);
  const header = useChecklistHeader(idh);
  const tree = useChecklistTree(idh);
  const h = header.data;

  if (header.isError) {
    const missing = header.error instanceof ApiError && [403, 404].includes(header.error.status);
    return (
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('crDar.detail.notFound') : describeChecklistError(header.error, t)}
          extra={
            <ButtonLink to={CHECKLISTS_PATH} buttonType="primary">
              {t('crDar.list.title')}
            </ButtonLink>
          }
        />
      </Card>
    );
  }
  if (!h) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <DetailBody header={h} tree={tree} lineId={params.lineId} />;
};

const DetailBody = ({
  header: h,
  tree,
  lineId,
}: {
  header: ChecklistHeader;
  tree: ReturnType<typeof useChecklistTree>;
  lineId: string | undefined;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const dialogs = useDialogNavigation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const nodes = tree.data ?? [];
  const progress = useMemo(() => progressOf(nodes), [nodes]);
  const idParams = { idh: String(h.id) };
  const tipo = h.idCrDarTemplateHeader.tipoDocumento;
  const complete = h.stato === 'Completato';
  const sent = h.stato === 'Inviato';

  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const back = () => (canGoBack ? router.history.back() : void navigate({ to: CHECKLISTS_PATH }));
  const closeDialog = () => void dialogs.close({ to: CHECKLIST_PATH, params: idParams });
  const lineNumberId = Number(lineId);
  const line = lineId ? findLine(nodes, lineNumberId) : undefined;
  const next = lineId ? nextQuestion(nodes, lineNumberId) : undefined;
  const headOpen = pathname.endsWith('/head');

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="cr-back">
          {t('crDar.action.back')}
        </Button>
        <Flex gap={8} wrap>
          <ButtonLink
            to="/crDar/$idh/head"
            params={idParams}
            onClick={dialogs.markOpening}
            icon={<EditOutlined />}
            data-testid="cr-detail-header"
          >
            {t('crDar.action.editHeader')}
          </ButtonLink>
          <ChecklistPdfButton header={h} withText />
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!complete}
            onClick={() => void dialogs.open({ to: '/crDar/$idh/head', params: idParams })}
            data-testid="cr-finito"
          >
            {t('crDar.detail.finito')}
          </Button>
        </Flex>
      </Flex>
      <Flex align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title
          level={1}
          style={{ margin: 0, fontSize: 24, overflowWrap: 'anywhere' }}
          data-testid="cr-title"
        >
          {tipo} · {h.modello} · <span className="article-code">{h.matricola}</span>
        </Typography.Title>
        <ChecklistStateTag stato={h.stato} />
      </Flex>
      {sent ? (
        <Alert type="info" showIcon title={t('crDar.detail.sent')} style={{ marginBottom: 16 }} data-testid="cr-help" />
      ) : complete ? (
        <Alert
          type="success"
          showIcon
          title={t('crDar.detail.complete')}
          style={{ marginBottom: 16 }}
          data-testid="cr-help"
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t('crDar.detail.help')}
          style={{ marginBottom: 16 }}
          data-testid="cr-help"
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'template', label: t('crDar.field.templateNome'), children: h.idCrDarTemplateHeader.nome },
          {
            key: 'arrival',
            label: t('crDar.field.dataArrivoMacchina'),
            children: formatChecklistDate(h.dataArrivoMacchina, lang),
          },
          {
            key: 'compiled',
            label: t('crDar.field.dataCompilazione'),
            children: formatChecklistDate(h.dataCompilazione, lang),
          },
          {
            key: 'progress',
            label: t('crDar.detail.progress'),
            children: <span data-testid="cr-progress">{t('crDar.detail.progressValue', progress)}</span>,
          },
          {
            key: 'rating',
            label: t('crDar.field.valutazioneUtente'),
            children: h.valutazioneUtente ? `${'★'.repeat(h.valutazioneUtente)} (${h.valutazioneUtente}/5)` : '–',
          },
        ]}
      />
      {tree.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeChecklistError(tree.error, t)}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void tree.refetch()}>
              {t('crDar.list.retry')}
            </Button>
          }
          role="alert"
        />
      ) : tree.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : nodes.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('crDar.tree.empty')}</Typography.Paragraph>
      ) : (
        <ChecklistTree idh={h.id} nodes={nodes} collapsed={collapsed} onToggle={toggle} onOpen={dialogs.markOpening} />
      )}
      {lineId && tree.data ? (
        <ChecklistAnswerDialog
          header={h}
          line={line}
          hasNext={Boolean(next)}
          onClose={closeDialog}
          onNext={() =>
            next
              ? void dialogs.replace({
                  to: '/crDar/$idh/line/$lineId',
                  params: { ...idParams, lineId: String(next.id) },
                })
              : closeDialog()
          }
        />
      ) : null}
      {headOpen ? <ChecklistHeaderDialog id={h.id} onClose={closeDialog} /> : null}
    </Card>
  );
};
