import { z } from 'zod';
import { FILE_KINDS } from './uploads.constants.ts';

/** An attachment as every area answers it: the original name and what the server found it to be. */
export const storedFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  kind: z.enum(FILE_KINDS),
  size: z.number().int(),
  /** A small WebP preview exists (images the server could read). */
  thumbnail: z.boolean(),
  createdAt: z.string(),
});
export type StoredFileView = z.infer<typeof storedFileSchema>;
