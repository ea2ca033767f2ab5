import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, decodeSecretKey } from '../config.ts';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored values start with the scheme version, so that a later key rotation can tell them apart. */
const PREFIX = 'v1:';
export const SECRET_KEY_FILE = 'secret.key';

const readKeyFile = (file: string) => {
  const key = decodeSecretKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (hex or base64)`);
  return key;
};

/**
 * The key of SECRET_KEY; without it, DATA_DIR/secret.key, generated on first use (mode 0600).
 * Several instances sharing a database must share the key: set SECRET_KEY for them
 * (docs/operations.md).
 */
export const loadSecretKey = (config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer => {
  if (config.secretKey) {
    const key = decodeSecretKey(config.secretKey);
    if (!key) throw new Error('SECRET_KEY must be 32 bytes, hex or base64');
    return key;
  }
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  if (fs.existsSync(file)) return readKeyFile(file);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting together, one writes and the other reads what it wrote.
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
};

export type Secrets = {
  encrypt: (plain: string) => string;
  decrypt: (stored: string) => string;
};

/** AES-256-GCM with a random 96-bit IV per value: `v1:` + base64(iv | tag | ciphertext). */
export const createSecrets = (key: Buffer): Secrets => {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    encrypt: (plain) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt: (stored) => {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown secret format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
};
