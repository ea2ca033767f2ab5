import { InboxOutlined } from '@ant-design/icons';
import { acceptOf, checkBeforeUpload, formatFileLimit, kindsOf, UPLOAD_POLICIES } from '@ricambi/domain';
import { Alert, Flex, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportsDragAndDrop } from '../../components/FileUpload.tsx';

const policy = UPLOAD_POLICIES.ticket;

/** A file picked for a new ticket, and how its upload went once the ticket exists. */
export type PickedFile = {
  uid: string;
  file: File;
  /** 0–100 while it is sent. */
  percent?: number;
  status?: 'uploading' | 'done' | 'error';
};

/**
 * The files of a new ticket (spec 2 §5): photos, videos or PDFs picked (or dropped) before saving,
 * each checked here by size and type (100 MB; image, video or PDF — the server checks the content
 * again), then sent one by one to the created ticket, each with its own progress bar.
 */
export const TicketFilePicker = ({
  files,
  onAdd,
  onRemove,
  disabled,
}: {
  files: readonly PickedFile[];
  onAdd: (file: PickedFile) => void;
  onRemove: (uid: string) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<{ uid: string; text: string }[]>([]);
  const dragAndDrop = useMemo(supportsDragAndDrop, []);
  const fileList: UploadFile[] = files.map((p) => ({
    uid: p.uid,
    name: p.file.name,
    size: p.file.size,
    type: p.file.type,
    status: p.status ?? 'done',
    percent: p.percent,
  }));

  return (
    <Flex vertical gap={8} data-testid="tk-upload">
      <Upload.Dragger
        name="file"
        multiple
        directory={false}
        disabled={disabled}
        // `native`: the type is checked below, so a dropped file of the wrong type gets a message too.
        accept={{ format: acceptOf(policy), filter: 'native' }}
        fileList={fileList}
        beforeUpload={(picked) => {
          const refused = checkBeforeUpload(picked, policy);
          if (refused) {
            setProblems((list) => [...list, { uid: picked.uid, text: t(refused.message, refused.params) }]);
            return Upload.LIST_IGNORE;
          }
          onAdd({ uid: picked.uid, file: picked });
          // Kept here: the files leave once the ticket is created.
          return false;
        }}
        onRemove={(removed) => {
          onRemove(removed.uid);
          return true;
        }}
        showUploadList={{ showPreviewIcon: false, showDownloadIcon: false, showRemoveIcon: !disabled }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.promptMany')}</p>
        <p className="ant-upload-hint">
          {t('upload.hint', { kinds: kindsOf(policy), limit: formatFileLimit(policy.maxBytes) })}
        </p>
        {dragAndDrop ? null : (
          <p className="ant-upload-hint" data-testid="tk-upload-no-drop">
            {t('upload.dragUnsupported')}
          </p>
        )}
      </Upload.Dragger>
      {problems.map((problem) => (
        <Alert
          key={problem.uid}
          type="error"
          showIcon
          title={problem.text}
          closable={{ onClose: () => setProblems((list) => list.filter((p) => p.uid !== problem.uid)) }}
          role="alert"
        />
      ))}
    </Flex>
  );
};
