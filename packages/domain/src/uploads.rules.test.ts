import { describe, expect, it } from 'vitest';
import { UPLOAD_POLICIES } from './uploads.constants.ts';
import { acceptOf, checkBeforeUpload, formatFileLimit, kindOfType } from './uploads.rules.ts';

describe('upload rules', () => {
  it('knows images, videos and PDFs by content type, and nothing else', () => {
    expect(kindOfType('image/jpeg')).toBe('image');
    expect(kindOfType('Video/MP4; codecs=avc1')).toBe('video');
    expect(kindOfType('application/pdf')).toBe('pdf');
    expect(kindOfType('image/svg+xml')).toBeUndefined();
    expect(kindOfType('application/zip')).toBeUndefined();
  });

  it('writes limits as the spec does', () => {
    expect(formatFileLimit(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileLimit(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatFileLimit(1536 * 1024)).toBe('1.5 MB');
    expect(formatFileLimit(2048)).toBe('2 KB');
  });

  it('refuses an over-size file naming it and the limit, before looking at the type', () => {
    const file = { name: 'foto.jpg', size: 5 * 1024 * 1024 + 1, type: 'image/jpeg' };
    expect(checkBeforeUpload(file, UPLOAD_POLICIES.roadRegistration)).toEqual({
      message: 'upload.tooLarge',
      params: { name: 'foto.jpg', limit: '5 MB' },
    });
    expect(checkBeforeUpload({ ...file, size: 5 * 1024 * 1024 }, UPLOAD_POLICIES.roadRegistration)).toBeUndefined();
  });

  it('refuses a type the browser reports outside the policy, and leaves an unknown type to the server', () => {
    const video = { name: 'giro.mp4', size: 1000, type: 'video/mp4' };
    expect(checkBeforeUpload(video, UPLOAD_POLICIES.roadRegistration)).toEqual({
      message: 'upload.wrongType',
      params: { name: 'giro.mp4', kinds: 'image-pdf' },
    });
    expect(checkBeforeUpload(video, UPLOAD_POLICIES.warranty)).toBeUndefined();
    expect(checkBeforeUpload({ ...video, type: '' }, UPLOAD_POLICIES.roadRegistration)).toBeUndefined();
    expect(checkBeforeUpload({ ...video, size: 0 }, UPLOAD_POLICIES.warranty)?.message).toBe('upload.empty');
  });

  it('gives the browser an accept list of the policy kinds', () => {
    expect(acceptOf(UPLOAD_POLICIES.document)).toBe('application/pdf');
    expect(acceptOf(UPLOAD_POLICIES.roadRegistration)).toContain('image/png');
    expect(acceptOf(UPLOAD_POLICIES.roadRegistration)).not.toContain('video/');
  });
});
