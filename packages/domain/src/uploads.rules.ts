import { FILE_KIND_TYPES, type FileKind, type UploadPolicy } from './uploads.constants.ts';

/** The kind of a content type, or undefined when it is none the portal accepts. */
export const kindOfType = (contentType: string): FileKind | undefined => {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (Object.keys(FILE_KIND_TYPES) as FileKind[]).find((kind) =>
    (FILE_KIND_TYPES[kind] as readonly string[]).includes(type),
  );
};

/** The browser's `accept` list for a policy's kinds. */
export const acceptOf = (policy: UploadPolicy) => policy.kinds.flatMap((kind) => FILE_KIND_TYPES[kind]).join(',');

/** A size limit as people write it: "5 MB", "100 MB", "1.5 MB"; below 1 MB in KB. */
export const formatFileLimit = (bytes: number) => {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

export type UploadProblem =
  | { message: 'upload.tooLarge'; params: { name: string; limit: string } }
  | { message: 'upload.wrongType'; params: { name: string; kinds: string } }
  | { message: 'upload.empty'; params: { name: string } };

/**
 * The message param naming what a policy accepts, e.g. "image-pdf": the web's texts translate it by
 * nesting (`$t(upload.kinds.{{kinds}})`), so the server needs no language for it.
 */
export const kindsOf = (policy: UploadPolicy) => policy.kinds.join('-');

/**
 * What can be told about a file before any byte is sent: its size, and its type when the browser
 * reports one (an empty type is left to the server, which judges by content anyway).
 */
export const checkBeforeUpload = (
  file: { name: string; size: number; type: string },
  policy: UploadPolicy,
): UploadProblem | undefined => {
  if (file.size > policy.maxBytes) {
    return { message: 'upload.tooLarge', params: { name: file.name, limit: formatFileLimit(policy.maxBytes) } };
  }
  if (file.size === 0) return { message: 'upload.empty', params: { name: file.name } };
  if (file.type) {
    const kind = kindOfType(file.type);
    if (!kind || !policy.kinds.includes(kind)) {
      return { message: 'upload.wrongType', params: { name: file.name, kinds: kindsOf(policy) } };
    }
  }
  return undefined;
};
