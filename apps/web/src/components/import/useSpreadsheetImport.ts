import type { FieldError } from '@ricambi/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { ApiError } from '../../api/http.ts';
import { describeError } from '../../lib/alerts.ts';

type PreviewRows = { rows: { errors: FieldError[] }[] };

export type SpreadsheetImportOptions<P extends PreviewRows, A, R> = {
  preview: UseMutationResult<P, Error, File>;
  apply: UseMutationResult<R, Error, A>;
  maxBytes: number;
  /** Shown, without calling the server, for a file over maxBytes. */
  tooLarge: string;
  /** What the apply call takes: the preview's values, or the file again. */
  applyInput: (file: File, data: P) => A;
  /** Errors the server found when applying, by preview row index. */
  rowErrors: (error: unknown, data: P) => Map<number, FieldError[]>;
  /** This import's message keys: a refused apply says them with their params. */
  messagePrefix: string;
  t: TFunction;
};

/**
 * The flow every spreadsheet import shares (users, stock and prices, shipping tariff): choose a
 * file, preview every row with its errors, apply all rows or none once none has an error, and show
 * the rows the server refused.
 */
export const useSpreadsheetImport = <P extends PreviewRows, A, R>(options: SpreadsheetImportOptions<P, A, R>) => {
  const { preview, apply, t } = options;
  const [file, setFile] = useState<File>();
  const [data, setData] = useState<P>();
  const [serverErrors, setServerErrors] = useState(new Map<number, FieldError[]>());
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<R>();
  const [onlyErrors, setOnlyErrors] = useState(false);

  const rows = (data?.rows ?? []).map((r, index) => ({
    ...(r as P['rows'][number]),
    index,
    errors: [...r.errors, ...(serverErrors.get(index) ?? [])],
  }));
  const errorCount = rows.filter((r) => r.errors.length > 0).length;
  const busy = preview.isPending || apply.isPending;
  const canApply = Boolean(data && file) && rows.length > 0 && errorCount === 0 && !busy;

  const onFile = (chosen: File) => {
    setData(undefined);
    setResult(undefined);
    setFailure(undefined);
    setServerErrors(new Map());
    setOnlyErrors(false);
    setFile(chosen);
    if (chosen.size > options.maxBytes) {
      setFailure(options.tooLarge);
      return;
    }
    preview.mutate(chosen, { onSuccess: setData, onError: (error) => setFailure(describeError(error)) });
  };

  const onApply = () => {
    if (!file || !data) return;
    setFailure(undefined);
    apply.mutate(options.applyInput(file, data), {
      onSuccess: (done) => {
        setResult(done);
        setData(undefined);
        setFile(undefined);
      },
      onError: (error) => {
        setServerErrors(options.rowErrors(error, data));
        const problem = error instanceof ApiError ? error.problem : undefined;
        setFailure(
          problem?.message?.startsWith(options.messagePrefix)
            ? t(problem.message, problem.params ?? {})
            : describeError(error),
        );
      },
    });
  };

  return {
    file,
    data,
    rows,
    errorCount,
    busy,
    previewing: preview.isPending,
    applying: apply.isPending,
    canApply,
    failure,
    result,
    onlyErrors,
    setOnlyErrors,
    onFile,
    onApply,
  };
};
