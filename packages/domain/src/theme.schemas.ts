import { z } from 'zod';

export const themeTokensSchema = z.object({
  colorPrimary: z.string(),
  colorLink: z.string(),
  colorBgLayout: z.string(),
  colorHeaderBg: z.string(),
  colorHeaderText: z.string(),
  borderRadius: z.number().int().min(0).max(16),
  fontFamily: z.string(),
});
export type ThemeTokens = z.infer<typeof themeTokensSchema>;

export const themeSchema = z.object({
  name: z.string(),
  label: z.string(),
  title: z.string(),
  logo: z.string(),
  hostNames: z.array(z.string()),
  canAccessParts: z.boolean(),
  canAccessTracks: z.boolean(),
  isDefault: z.boolean(),
  tokens: themeTokensSchema,
});
export type Theme = z.infer<typeof themeSchema>;

export const themeListSchema = z.array(themeSchema);
