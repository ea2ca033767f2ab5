/** What an attachment may be, judged by its content (magic bytes) on the server. */
export const FILE_KINDS = ['image', 'video', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The content types accepted per kind: what the server's sniffing may answer, and the browser's `accept`. */
export const FILE_KIND_TYPES = {
  // No SVG: it is script-capable text, not a picture the server can check.
  image: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/bmp',
    'image/tiff',
    'image/heic',
    'image/heif',
    'image/avif',
  ],
  video: [
    'video/mp4',
    'video/quicktime',
    'video/webm',
    'video/x-msvideo',
    'video/x-matroska',
    'video/mpeg',
    'video/3gpp',
    'video/3gpp2',
    'video/x-m4v',
    'video/ogg',
  ],
  pdf: ['application/pdf'],
} as const satisfies Record<FileKind, readonly string[]>;

/** The limits of one area's uploads: bytes per file and the kinds it takes. One file per request. */
export type UploadPolicy = { readonly maxBytes: number; readonly kinds: readonly FileKind[] };

const MB = 1024 * 1024;

/** Spec 2 §6, §9; spec 3 §4: the attachment limits of each after-sales area. */
export const UPLOAD_POLICIES = {
  /** Messa in strada: images or PDF, 5 MB each, several allowed. */
  roadRegistration: { maxBytes: 5 * MB, kinds: ['image', 'pdf'] },
  /** Warranty request: image, video or PDF under 20 MB, one at a time. */
  warranty: { maxBytes: 20 * MB, kinds: ['image', 'video', 'pdf'] },
  /** Support ticket: image, video or PDF under 100 MB. */
  ticket: { maxBytes: 100 * MB, kinds: ['image', 'video', 'pdf'] },
  /** Technical documents: PDF only, 100 MB. */
  document: { maxBytes: 100 * MB, kinds: ['pdf'] },
  /** Checklist line answers: images only, 20 MB (at most 2 per line). */
  checklist: { maxBytes: 20 * MB, kinds: ['image'] },
} as const satisfies Record<string, UploadPolicy>;

export type UploadArea = keyof typeof UPLOAD_POLICIES;

/**
 * The most pixels an uploaded image may declare (100 megapixels, more than a phone's largest photo):
 * a few kilobytes of PNG can declare billions, which decoding would have to hold in memory.
 */
export const IMAGE_MAX_PIXELS = 100_000_000;

/** Thumbnails of images: at most this many pixels on each side (spec 3 §4: 200 by 200). */
export const THUMBNAIL_SIZE = 200;

/** Longest original file name kept (longer names are shortened, their extension kept). */
export const FILE_NAME_MAX = 200;
