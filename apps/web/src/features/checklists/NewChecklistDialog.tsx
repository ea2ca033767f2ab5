import { CheckCircleFilled, SearchOutlined } from '@ant-design/icons';
import {
  CHECKLIST_LIMITS,
  CHECKLIST_SEARCH_PAGE_SIZE,
  type ChecklistMachine,
  type ChecklistType,
} from '@ricambi/domain';
import { Alert, App, Button, Empty, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveChecklists, useChecklistMachines, useCreateChecklist } from '../../api/checklists.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { describeChecklistError } from './ChecklistParts.tsx';
import { afterCreateSearch, CHECKLISTS_PATH } from './checklists.model.ts';
import { useDialogNavigation, useTouchLayout } from './checklists.shell.tsx';

/** The dialogs of the checklists: full width on a small screen, 760 px at most. */
export const DIALOG_WIDTH = 'min(760px, calc(100vw - 16px))';

/**
 * Spec 3 §2 "New DAR/PDI dialog" (issue 15 §1): the dealer's machines on the road by serial or code
 * (a spinner and a wait message while searching, 10 a page by serial, a message when none matches);
 * choosing one and creating opens the list on that serial, In Corso. A serial that already has a
 * checklist of the type not yet sent offers that one instead.
 */
export const NewChecklistDialog = ({ tipo, onClose }: { tipo: ChecklistType; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const touch = useTouchLayout();
  const dialogs = useDialogNavigation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const [paging, setPaging] = useState({ term: '', page: 0 });
  const page = paging.term === term ? paging.page : 0;
  const machines = useChecklistMachines(tipo, term, page);
  const [selected, setSelected] = useState<ChecklistMachine | undefined>();
  const active = useActiveChecklists(selected?.id.matricola);
  const open = active.data?.find((h) => h.idCrDarTemplateHeader.tipoDocumento === tipo);
  const create = useCreateChecklist();
  const rows = machines.data?.items ?? [];
  const searching = machines.isFetching;

  const choose = (machine: ChecklistMachine) => {
    create.reset();
    setSelected(machine);
  };

  const submit = () => {
    if (!selected) return;
    create.mutate(
      { matricola: selected.id.matricola, tipo },
      {
        onSuccess: () => {
          void message.success(t('crDar.new.created', { tipo, matricola: selected.id.matricola }));
          void dialogs.close({ to: CHECKLISTS_PATH, search: afterCreateSearch(selected.id.matricola) });
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t(`crDar.new.title.${tipo}`)}
      width={DIALOG_WIDTH}
      rootClassName={touch ? 'cr-dialog-touch' : undefined}
      onCancel={onClose}
      maskClosable={false}
      // The results scroll inside the dialog: the create button stays in view on a tablet.
      styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', paddingInline: 2 } }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="cr-new-cancel">
          {t('crDar.action.cancel')}
        </Button>,
        <Button
          key="create"
          type="primary"
          disabled={!selected || Boolean(open) || active.isFetching}
          loading={create.isPending}
          onClick={submit}
          data-testid="cr-new-create"
        >
          {t('crDar.new.create', { tipo })}
        </Button>,
      ]}
      data-testid="cr-new-dialog"
    >
      <Typography.Paragraph type="secondary">{t('crDar.new.intro', { tipo })}</Typography.Paragraph>
      <label htmlFor="cr-new-term" className="visually-hidden">
        {t('crDar.new.term')}
      </label>
      <Input
        id="cr-new-term"
        autoFocus
        allowClear
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        maxLength={CHECKLIST_LIMITS.term}
        placeholder={t('crDar.new.termHint')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="cr-new-term"
        style={{ marginBottom: 12 }}
      />
      <div aria-live="polite" aria-busy={searching}>
        {searching ? (
          <Flex gap={8} align="center" style={{ marginBottom: 8 }} data-testid="cr-new-searching">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('crDar.new.searching')}</Typography.Text>
          </Flex>
        ) : null}
        {machines.isError ? (
          <Alert type="error" showIcon title={describeError(machines.error)} role="alert" />
        ) : !searching && machines.isSuccess && rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(term ? 'crDar.new.noResults' : 'crDar.new.noMachines')}
            data-testid="cr-new-empty"
          />
        ) : (
          <ul className="cr-machines" aria-label={t('crDar.new.results')} data-testid="cr-new-results">
            {rows.map((m) => {
              const chosen = selected?.id.matricola === m.id.matricola;
              return (
                <li key={m.id.matricola}>
                  <button
                    type="button"
                    className="cr-machine"
                    aria-pressed={chosen}
                    onClick={() => choose(m)}
                    data-testid="cr-new-machine"
                    data-matricola={m.id.matricola}
                  >
                    <span className="article-code" style={{ fontWeight: 600, minWidth: '8em' }}>
                      {m.id.matricola}
                    </span>
                    <span className="cr-machine-text">
                      <span>{m.descrizione ?? '–'}</span>
                      <Typography.Text type="secondary">{m.nomeCliente}</Typography.Text>
                    </span>
                    {chosen ? (
                      <CheckCircleFilled
                        aria-hidden
                        style={{ marginInlineStart: 'auto', fontSize: 22, color: 'var(--ant-color-primary, #1677ff)' }}
                      />
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Pager
        page={page}
        total={machines.data?.total ?? 0}
        size={CHECKLIST_SEARCH_PAGE_SIZE}
        onChange={(p) => setPaging({ term, page: p })}
        label={t('crDar.new.pagerLabel')}
      />
      {selected ? (
        <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 8 }} data-testid="cr-new-selected">
          {t('crDar.new.selected', { matricola: selected.id.matricola })}
        </Typography.Paragraph>
      ) : null}
      {open ? (
        <Alert
          type="warning"
          showIcon
          title={t('crDar.new.alreadyOpen', { tipo, matricola: open.matricola })}
          action={
            <ButtonLink to="/crDar/$idh" params={{ idh: String(open.id) }} data-testid="cr-new-open-existing">
              {t('crDar.action.open')}
            </ButtonLink>
          }
          data-testid="cr-new-already-open"
        />
      ) : null}
      {create.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeChecklistError(create.error, t)}
          role="alert"
          style={{ marginTop: 8 }}
          data-testid="cr-new-error"
        />
      ) : null}
    </Modal>
  );
};
