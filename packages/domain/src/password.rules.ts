export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/**
 * Five-level strength from length and character classes (spec 1 §5).
 * A password of 6 characters or fewer is capped at the lowest level but one.
 */
export const passwordStrength = (password: string): PasswordStrength => {
  if (password.length === 0) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  let score = classes * 10 + Math.min(password.length, 16) * 2.5;
  if (password.length <= 6) score = Math.min(score, 10);
  if (score <= 10) return 0;
  if (score <= 30) return 1;
  if (score <= 45) return 2;
  if (score <= 60) return 3;
  return 4;
};
