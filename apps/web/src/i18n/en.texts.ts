// The web's texts in this language, every namespace merged, with antd's and dayjs's locale of the
// language; one chunk, fetched when first used. "mail", "csv" and "pdf" are the server's and stay out.

// dayjs speaks English without a locale file.
export { default as antdLocale } from 'antd/es/locale/en_US';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./en/*.json', '!./en/mail.json', '!./en/csv.json', '!./en/pdf.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
