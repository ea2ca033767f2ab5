import {
  BorderOutlined,
  CheckSquareFilled,
  CloseSquareFilled,
  FilePdfOutlined,
  MinusSquareOutlined,
} from '@ant-design/icons';
import { type ChecklistHeader, type ChecklistState, isLanguage } from '@ricambi/domain';
import { Button, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadChecklistPdf } from '../../api/checklists.api.ts';
import { ApiError } from '../../api/http.ts';
import { describeError, handleApiError } from '../../lib/alerts.ts';
import { type QuestionMark, stateColor, stateKey } from './checklists.model.ts';

/**
 * The text of a failed checklist call for the dialogs' error area (spec 3 §8): the checklists' own
 * messages as they are (a machine not on the road is a field error of the serial), else the one mapper's.
 */
export const describeChecklistError = (error: unknown, t: TFunction) => {
  const fields = error instanceof ApiError ? (error.problem?.fieldErrors ?? []) : [];
  if (fields.length > 0 && fields.every((f) => f.message.startsWith('crDar.')))
    return fields.map((f) => t(f.message, f.params ?? {})).join(' · ');
  return describeError(error);
};

/** Spec 3 §2: the status badge, green Completato, blue Inviato, red otherwise. */
export const ChecklistStateTag = ({ stato }: { stato: ChecklistState }) => {
  const { t } = useTranslation();
  return (
    <Tag color={stateColor(stato)} data-testid="cr-state" data-state={stato} style={{ marginInlineEnd: 0 }}>
      {t(`crDar.state.${stateKey(stato)}`)}
    </Tag>
  );
};

const MARKS: Record<QuestionMark, typeof CheckSquareFilled> = {
  ok: CheckSquareFilled,
  ko: CloseSquareFilled,
  na: MinusSquareOutlined,
  empty: BorderOutlined,
};

/** Spec 3 §2: a question's mark — green check OK, red check KO, minus for '--', an empty box unanswered. */
export const QuestionMarkIcon = ({ mark }: { mark: QuestionMark }) => {
  const { t } = useTranslation();
  const Icon = MARKS[mark];
  return (
    <Icon
      className={`cr-mark cr-mark-${mark}`}
      role="img"
      aria-label={t(`crDar.tree.mark.${mark}`)}
      data-testid={`cr-mark-${mark}`}
    />
  );
};

/**
 * Spec 3 §2: the checklist's PDF in the user's language — disabled without an arrival date, a
 * spinner while it is generated; a failure only ends the wait (spec 3 §8), with the one alert.
 */
export const ChecklistPdfButton = ({
  header,
  withText = false,
}: {
  header: Pick<ChecklistHeader, 'id' | 'matricola' | 'dataArrivoMacchina' | 'idCrDarTemplateHeader'>;
  withText?: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const disabled = !header.dataArrivoMacchina;
  const label = t(disabled ? 'crDar.action.pdfNoDate' : 'crDar.action.pdf');
  const download = async () => {
    setBusy(true);
    try {
      await downloadChecklistPdf(header, isLanguage(i18n.language) ? i18n.language : 'it');
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      icon={<FilePdfOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void download()}
      aria-label={withText ? undefined : label}
      data-testid="cr-pdf"
    >
      {withText ? t('crDar.action.pdfShort') : null}
    </Button>
  );
  return (
    <Tooltip title={label}>{disabled ? <span style={{ display: 'inline-flex' }}>{button}</span> : button}</Tooltip>
  );
};
