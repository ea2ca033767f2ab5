import { FilePdfOutlined } from '@ant-design/icons';
import { type DocumentUpload, formatFileLimit, kindsOf, UPLOAD_POLICIES } from '@ricambi/domain';
import { Alert, Flex, Progress, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadDocumentPdf } from '../../api/documents-admin.api.ts';
import { supportsDragAndDrop } from '../../components/FileUpload.tsx';
import { describeError } from '../../lib/alerts.ts';
import { checkPdf } from './cr-documenti.rows.ts';

const policy = UPLOAD_POLICIES.document;

/**
 * Spec 3 §5: one PDF (picked or dropped; no folders) checked here by size, type and first bytes,
 * then uploaded at once with a progress bar. The server's refusal (400, 413) is shown here and
 * nothing is handed on; a stored PDF is handed on with its `upload` id.
 */
export const PdfUpload = ({
  onStart,
  onDone,
  disabled,
  testId = 'pdf-upload',
}: {
  /** The upload is under way (the caller's Save waits). */
  onStart: () => void;
  /** The upload ended: the stored PDF, or undefined when it failed. */
  onDone: (uploaded: DocumentUpload | undefined) => void;
  disabled?: boolean;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState<{ name: string; percent: number }>();
  const controller = useRef<AbortController | undefined>(undefined);
  const dragAndDrop = useMemo(supportsDragAndDrop, []);
  // Closing the dialog stops an upload under way; the server drops what it received.
  useEffect(() => () => controller.current?.abort(), []);

  const send = async (file: File) => {
    setProblem(undefined);
    const refusal = await checkPdf(file);
    if (refusal) {
      setProblem(t(refusal));
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setSending({ name: file.name, percent: 0 });
    onStart();
    let uploaded: DocumentUpload | undefined;
    try {
      uploaded = await uploadDocumentPdf(file, {
        signal: abort.signal,
        onProgress: (percent) => setSending({ name: file.name, percent }),
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      setProblem(describeError(error));
    }
    setSending(undefined);
    onDone(uploaded);
  };

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Upload.Dragger
        name="file"
        multiple={false}
        maxCount={1}
        directory={false}
        disabled={disabled || Boolean(sending)}
        // `native`: a dropped file of another type reaches the check below and gets its message.
        accept={{ format: 'application/pdf', filter: 'native' }}
        showUploadList={false}
        fileList={[]}
        beforeUpload={(file) => {
          void send(file);
          // Sent by `send`, with its own progress: antd keeps no list of its own.
          return Upload.LIST_IGNORE;
        }}
        style={{ padding: '4px 0' }}
      >
        <Flex vertical align="center" gap={2}>
          <FilePdfOutlined style={{ fontSize: 28 }} aria-hidden />
          <Typography.Text>{t('crDocumenti.files.prompt')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('upload.hint', { kinds: kindsOf(policy), limit: formatFileLimit(policy.maxBytes) })}
          </Typography.Text>
          {dragAndDrop ? null : (
            <Typography.Text type="secondary" data-testid={`${testId}-no-drop`}>
              {t('upload.dragUnsupported')}
            </Typography.Text>
          )}
        </Flex>
      </Upload.Dragger>
      {sending ? (
        <Flex vertical gap={0}>
          <Typography.Text type="secondary">{t('crDocumenti.files.uploading', { name: sending.name })}</Typography.Text>
          <Progress
            percent={sending.percent}
            size="small"
            aria-label={t('crDocumenti.files.uploading', { name: sending.name })}
          />
        </Flex>
      ) : null}
      {problem ? (
        <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(undefined) }} role="alert" />
      ) : null}
    </Flex>
  );
};
