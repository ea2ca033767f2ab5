// The texts of the signed-in pages in this language, every other namespace merged; one chunk, fetched
// once a signed-in user uses the language. "mail", "csv" and "pdf" are the server's and stay out.
export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(
      [
        './en/*.json',
        '!./en/global.json',
        '!./en/error.json',
        '!./en/account.json',
        '!./en/mail.json',
        '!./en/csv.json',
        '!./en/pdf.json',
      ],
      { eager: true, import: 'default' },
    ),
  ),
);
