import {
  CameraOutlined,
  CheckCircleFilled,
  DownOutlined,
  ExclamationCircleFilled,
  RightOutlined,
} from '@ant-design/icons';
import { type ChecklistNode, isQuestionRow } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QuestionMarkIcon } from './ChecklistParts.tsx';
import { imagesOf, isAllOk, lineNumber, lineTexts, progressOf, questionMark } from './checklists.model.ts';

type TreeProps = {
  idh: number;
  nodes: readonly ChecklistNode[];
  /** Ids of the groups the user closed (every group starts open). */
  collapsed: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** Before a question's dialog opens (the page it returns to). */
  onOpen: () => void;
};

const Texts = ({ texts }: { texts: string[] }) => (
  <span className="cr-row-text">
    <span>{texts[0] ?? '–'}</span>
    {texts[1] ? <span className="cr-descr2">{texts[1]}</span> : null}
  </span>
);

/**
 * Spec 3 §2 "Checklist tree" (issue 15 §2): rows numbered progressivo1[.2[.3]] with their two
 * descriptions in the user's language; a question opens its answer dialog and shows its mark; a
 * group opens and closes, green when every line under it is OK (or not applicable), red otherwise.
 */
export const ChecklistTree = (props: TreeProps) => {
  const { t } = useTranslation();
  return (
    <ul className="cr-tree" aria-label={t('crDar.tree.label')} data-testid="cr-tree">
      {props.nodes.map((node) => (
        <TreeNode key={node.line.id} node={node} {...props} />
      ))}
    </ul>
  );
};

const TreeNode = ({ node, ...props }: TreeProps & { node: ChecklistNode }) => {
  const { t, i18n } = useTranslation();
  const line = node.line;
  const number = lineNumber(line);
  const texts = lineTexts(line, i18n.language);
  if (isQuestionRow(line)) {
    const mark = questionMark(line.risposta);
    const images = imagesOf(line).length;
    return (
      <li>
        <Link
          to="/crDar/$idh/line/$lineId"
          params={{ idh: String(props.idh), lineId: String(line.id) }}
          onClick={props.onOpen}
          className="cr-row"
          aria-label={t('crDar.tree.question', {
            number,
            text: texts.join(' – '),
            answer: t(`crDar.tree.mark.${mark}`),
          })}
          data-testid="cr-line"
          data-line-id={line.id}
          data-mark={mark}
        >
          <QuestionMarkIcon mark={mark} />
          <span className="cr-row-number">{number}</span>
          <Texts texts={texts} />
          {images > 0 ? (
            <span className="cr-row-side">
              <CameraOutlined aria-hidden />
              {images}
            </span>
          ) : null}
        </Link>
      </li>
    );
  }
  const open = !props.collapsed.has(line.id);
  const ok = isAllOk(node);
  const { answered, total } = progressOf([node]);
  const GroupIcon = ok ? CheckCircleFilled : ExclamationCircleFilled;
  const childrenId = `cr-group-${line.id}`;
  return (
    <li>
      <button
        type="button"
        className="cr-row cr-group-row"
        aria-expanded={open}
        aria-controls={node.figli.length ? childrenId : undefined}
        onClick={() => props.onToggle(line.id)}
        data-testid="cr-group"
        data-line-id={line.id}
        data-ok={ok}
      >
        {open ? <DownOutlined className="cr-caret" aria-hidden /> : <RightOutlined className="cr-caret" aria-hidden />}
        <span className="cr-row-number">{number}</span>
        <Texts texts={texts} />
        <span className="cr-row-side">
          <span aria-hidden>
            {answered}/{total}
          </span>
          <span className="visually-hidden">{t('crDar.tree.progress', { answered, total })}</span>
          <GroupIcon
            className={`cr-mark ${ok ? 'cr-group-ok' : 'cr-group-ko'}`}
            role="img"
            aria-label={t(ok ? 'crDar.tree.groupOk' : 'crDar.tree.groupNotOk')}
            data-testid={ok ? 'cr-group-ok' : 'cr-group-ko'}
          />
        </span>
      </button>
      {open && node.figli.length ? (
        <ul id={childrenId}>
          {node.figli.map((child) => (
            <TreeNode key={child.line.id} node={child} {...props} />
          ))}
        </ul>
      ) : null}
    </li>
  );
};
