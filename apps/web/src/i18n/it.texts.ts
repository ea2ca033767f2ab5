// The web's texts in this language, every namespace merged, with antd's and dayjs's locale of the
// language; one chunk, fetched when first used. "mail", "csv" and "pdf" are the server's and stay out.
import 'dayjs/locale/it';

export { default as antdLocale } from 'antd/es/locale/it_IT';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./it/*.json', '!./it/mail.json', '!./it/csv.json', '!./it/pdf.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
