import fs from 'node:fs/promises';
import path from 'node:path';

/** Where article images live: `${codImmagine}.ext` and further views `${codImmagine}_2.ext`, ... */
export const articoloImagesDir = (dataDir: string) => path.join(dataDir, 'images', 'articoli');

export const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const REFRESH_MS = 60_000;

/** The image files of the directory by codImmagine, read again at most once a minute. */
export const createImageIndex = (dir: string) => {
  let index: Map<string, string[]> | null = null;
  let readAt = 0;
  let reading: Promise<Map<string, string[]>> | null = null;

  const read = async () => {
    const byCode = new Map<string, string[]>();
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const ext = path.extname(name).toLowerCase();
      if (!IMAGE_TYPES[ext] || !SAFE_NAME.test(name)) continue;
      const code = path.basename(name, path.extname(name)).replace(/_\d+$/, '');
      byCode.set(code, [...(byCode.get(code) ?? []), name]);
    }
    return byCode;
  };

  const current = async () => {
    if (index && Date.now() - readAt < REFRESH_MS) return index;
    reading ??= read().then((fresh) => {
      index = fresh;
      readAt = Date.now();
      reading = null;
      return fresh;
    });
    return reading;
  };

  return {
    /** The file names of a codImmagine, the main view first. */
    imagesOf: async (codImmagine: string | null) => {
      if (!codImmagine || !SAFE_NAME.test(codImmagine)) return [];
      return (await current()).get(codImmagine) ?? [];
    },
    pathOf: (name: string) => path.join(dir, name),
  };
};
export type ImageIndex = ReturnType<typeof createImageIndex>;
