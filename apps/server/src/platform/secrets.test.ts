import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createSecrets, loadSecretKey, SECRET_KEY_FILE } from './secrets.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ricambi-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('secrets', () => {
  it('encrypts with a random IV and decrypts; a changed byte or another key is refused', () => {
    const secrets = createSecrets(randomBytes(32));
    const a = secrets.encrypt('erp-secret');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('erp-secret');
    expect(secrets.encrypt('erp-secret')).not.toBe(a);
    expect(secrets.decrypt(a)).toBe('erp-secret');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => secrets.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecrets(randomBytes(32)).decrypt(a)).toThrow();
  });

  it('generates the key once under DATA_DIR with mode 0600 when SECRET_KEY is absent', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = loadSecretKey({ dataDir, secretKey: undefined });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dataDir, secretKey: undefined }).equals(first)).toBe(true);
    expect(first).toHaveLength(32);
  });

  it('takes SECRET_KEY as hex or base64, and never shows a wrong one', () => {
    const key = randomBytes(32);
    const dataDir = tempDir();
    expect(loadSecretKey({ dataDir, secretKey: key.toString('hex') }).equals(key)).toBe(true);
    expect(loadSecretKey({ dataDir, secretKey: key.toString('base64') }).equals(key)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, SECRET_KEY_FILE))).toBe(false);
    const wrong = 'not-a-key-but-a-secret-anyway';
    try {
      loadConfig({ SECRET_KEY: wrong });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('SECRET_KEY');
      expect((error as Error).message).not.toContain(wrong);
    }
  });
});
