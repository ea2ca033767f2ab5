import { InboxOutlined } from '@ant-design/icons';
import {
  acceptOf,
  checkBeforeUpload,
  formatFileLimit,
  kindsOf,
  type UploadPolicy,
  type UploadProblem,
} from '@ricambi/domain';
import { Alert, Flex, Upload, type UploadFile, type UploadProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../api/http.ts';
import { describeError } from '../lib/alerts.ts';

/** Whether this browser can drop files on a page (spec 2 §8: the uploader says so when it cannot). */
export const supportsDragAndDrop = () => {
  if (typeof document === 'undefined' || typeof FormData === 'undefined' || typeof FileReader === 'undefined')
    return false;
  const div = document.createElement('div');
  return 'draggable' in div && 'ondragstart' in div && 'ondrop' in div;
};

type Failure = { uid: string; text: string };
type RequestOptions = Parameters<NonNullable<UploadProps['customRequest']>>[0];

export type FileUploadProps<T> = {
  /** The area's upload address: one POST per file, multipart, the file in `field`. */
  action: string;
  /** The area's limits (UPLOAD_POLICIES of the domain): checked here before sending, and by the server. */
  policy: UploadPolicy;
  /** Several files at once, each sent on its own with its own progress; otherwise one at a time. */
  multiple?: boolean;
  field?: string;
  /** Form fields sent before the file, in this order (e.g. the record the file belongs to). */
  fields?: Readonly<Record<string, string>>;
  /**
   * The picker's `accept`, when not the policy's list of content types: `image/*` lets a tablet offer
   * its camera. The policy is still checked before sending.
   */
  accept?: string;
  disabled?: boolean;
  /** Called with the server's answer for each stored file. */
  onUploaded?: (result: T, file: File) => void;
  testId?: string;
};

/**
 * The attachment uploader of every area: drag and drop (or click), a progress bar per file, and the
 * size and type checks the browser can make before any byte is sent; the server checks again by content.
 */
export const FileUpload = <T,>({
  action,
  policy,
  multiple = false,
  field = 'file',
  fields,
  accept,
  disabled,
  onUploaded,
  testId = 'file-upload',
}: FileUploadProps<T>) => {
  const { t } = useTranslation();
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const dragAndDrop = useMemo(supportsDragAndDrop, []);

  const fail = (uid: string, text: string) =>
    setFailures((list) => [...list.filter((f) => f.uid !== uid), { uid, text }]);
  const problemText = (problem: UploadProblem) => t(problem.message, problem.params);
  const errorText = (error: unknown) => {
    const problem = error instanceof ApiError ? error.problem : undefined;
    if (problem?.message.startsWith('upload.')) return t(problem.message, problem.params ?? {});
    return describeError(error);
  };

  const customRequest = ({ file, onProgress, onSuccess, onError }: RequestOptions) => {
    const controller = new AbortController();
    const uploaded = file as File & { uid: string };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    form.append(field, uploaded, uploaded.name);
    http
      .upload<T>(action, form, { signal: controller.signal, onProgress: (percent) => onProgress?.({ percent }) })
      .then((result) => {
        onSuccess?.(result);
        onUploaded?.(result, uploaded);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        fail(uploaded.uid, t('upload.failed', { name: uploaded.name, reason: errorText(error) }));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      });
    return { abort: () => controller.abort() };
  };

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Upload.Dragger
        name={field}
        multiple={multiple}
        maxCount={multiple ? undefined : 1}
        directory={false}
        disabled={disabled}
        // `native`: the type is checked below, so a dropped file of the wrong type gets a message too.
        accept={{ format: accept ?? acceptOf(policy), filter: 'native' }}
        fileList={fileList}
        onChange={({ fileList: next }) => setFileList(next.filter((f) => f.status !== 'done'))}
        onRemove={(file) => setFailures((list) => list.filter((f) => f.uid !== file.uid))}
        beforeUpload={(file) => {
          const problem = checkBeforeUpload(file, policy);
          if (!problem) return true;
          fail(file.uid, problemText(problem));
          return Upload.LIST_IGNORE;
        }}
        customRequest={customRequest}
        showUploadList={{ showPreviewIcon: false, showDownloadIcon: false }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(multiple ? 'upload.promptMany' : 'upload.prompt')}</p>
        <p className="ant-upload-hint">
          {t('upload.hint', { kinds: kindsOf(policy), limit: formatFileLimit(policy.maxBytes) })}
        </p>
        {dragAndDrop ? null : (
          <p className="ant-upload-hint" data-testid={`${testId}-no-drop`}>
            {t('upload.dragUnsupported')}
          </p>
        )}
      </Upload.Dragger>
      {failures.map((failure) => (
        <Alert
          key={failure.uid}
          type="error"
          showIcon
          title={failure.text}
          closable={{ onClose: () => setFailures((list) => list.filter((f) => f.uid !== failure.uid)) }}
          role="alert"
        />
      ))}
    </Flex>
  );
};
