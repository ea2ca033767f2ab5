import { InboxOutlined } from '@ant-design/icons';
import { acceptOf, checkBeforeUpload, formatFileLimit, kindsOf, UPLOAD_POLICIES } from '@ricambi/domain';
import { Alert, Flex, Progress, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportsDragAndDrop } from '../../components/FileUpload.tsx';

const policy = UPLOAD_POLICIES.warranty;

/**
 * The first attachment of a new request (spec 2 §5): one file, picked or dropped, checked here by
 * size and type (20 MB; image, video or PDF) and sent with the request when it is saved, with a
 * progress bar meanwhile. The attachments after the first are uploaded one at a time on the request.
 */
export const WarrantyFilePicker = ({
  file,
  onChange,
  progress,
  missing,
  disabled,
}: {
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  /** 0–100 while the request is being sent. */
  progress?: number;
  /** Saving was attempted without a file: say that one is needed. */
  missing: boolean;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const dragAndDrop = useMemo(supportsDragAndDrop, []);
  const fileList: UploadFile[] = file
    ? [
        {
          uid: 'warranty-first-attachment',
          name: file.name,
          size: file.size,
          type: file.type,
          status: 'done',
        },
      ]
    : [];

  return (
    <Flex vertical gap={8} data-testid="wr-upload">
      <Upload.Dragger
        name="file"
        multiple={false}
        maxCount={1}
        directory={false}
        disabled={disabled}
        // `native`: the type is checked below, so a dropped file of the wrong type gets a message too.
        accept={{ format: acceptOf(policy), filter: 'native' }}
        fileList={fileList}
        beforeUpload={(picked) => {
          const refused = checkBeforeUpload(picked, policy);
          if (refused) {
            setProblem(t(refused.message, refused.params));
            return Upload.LIST_IGNORE;
          }
          setProblem(undefined);
          onChange(picked);
          // Kept here: it leaves with the request.
          return false;
        }}
        onRemove={() => {
          onChange(undefined);
          return true;
        }}
        showUploadList={{ showPreviewIcon: false, showDownloadIcon: false, showRemoveIcon: progress === undefined }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.prompt')}</p>
        <p className="ant-upload-hint">
          {t('upload.hint', { kinds: kindsOf(policy), limit: formatFileLimit(policy.maxBytes) })}
        </p>
        {dragAndDrop ? null : (
          <p className="ant-upload-hint" data-testid="wr-upload-no-drop">
            {t('upload.dragUnsupported')}
          </p>
        )}
      </Upload.Dragger>
      {progress !== undefined ? (
        <Progress
          percent={progress}
          size="small"
          aria-label={t('richiestagaranzia.attachments.sending', { name: file?.name ?? '' })}
        />
      ) : null}
      {problem ? (
        <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(undefined) }} role="alert" />
      ) : null}
      {missing && !file ? (
        <Alert type="error" showIcon title={t('richiestagaranzia.error.attachmentRequired')} role="alert" />
      ) : null}
    </Flex>
  );
};
