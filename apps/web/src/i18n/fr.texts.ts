// The web's texts in this language, every namespace merged, with antd's and dayjs's locale of the
// language; one chunk, fetched when first used. "mail", "csv" and "pdf" are the server's and stay out.
import 'dayjs/locale/fr';

export { default as antdLocale } from 'antd/es/locale/fr_FR';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./fr/*.json', '!./fr/mail.json', '!./fr/csv.json', '!./fr/pdf.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
