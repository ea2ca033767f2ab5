import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { PasswordStrengthBar } from './PasswordStrengthBar.tsx';

describe('PasswordStrengthBar', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('shows nothing filled for an empty password', () => {
    render(<PasswordStrengthBar password="" />);
    expect(screen.getByTestId('password-strength').dataset.level).toBe('0');
  });

  it('fills more segments for a stronger password', () => {
    const { rerender } = render(<PasswordStrengthBar password="abcde" />);
    const weak = Number(screen.getByTestId('password-strength').dataset.level);
    rerender(<PasswordStrengthBar password="Escavatore-2026!" />);
    expect(Number(screen.getByTestId('password-strength').dataset.level)).toBe(5);
    expect(weak).toBe(1);
  });
});
