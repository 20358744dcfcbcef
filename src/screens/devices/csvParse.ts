/**
 * Reads a devices CSV in the browser with papaparse, loaded on first use so the devices
 * route does not carry it. The first line is the header; blank lines are skipped.
 */
import type { ImportPreview, KnownFloor } from './csvImport';
import { checkImport } from './csvImport';

/** What was read: header names as written, one record per data row, and papaparse's complaints by row index. */
export interface ParsedCsv {
  headers: string[];
  records: Record<string, string | undefined>[];
  rowErrors: Map<number, string[]>;
  fileErrors: string[];
}

/**
 * Parses `input` (the CSV text, or a chosen file read by papaparse's FileReader) with a
 * header line.
 * @returns the records; malformed rows (too few or too many fields, bad quotes) are kept
 *   with their message in `rowErrors`
 * @throws an Error when the file cannot be read
 */
export async function parseCsv(input: string | File): Promise<ParsedCsv> {
  const { default: Papa } = await import('papaparse');
  const config = { header: true, skipEmptyLines: 'greedy' } as const;
  const result =
    typeof input === 'string'
      ? Papa.parse<Record<string, string | undefined>>(input, config)
      : await new Promise<Papa.ParseResult<Record<string, string | undefined>>>((resolve, reject) =>
          Papa.parse<Record<string, string | undefined>>(input, { ...config, complete: resolve, error: reject }),
        );
  const rowErrors = new Map<number, string[]>();
  const fileErrors: string[] = [];
  for (const error of result.errors) {
    // papaparse cannot guess a delimiter in a file of one column; that is not an error here.
    if (error.code === 'UndetectableDelimiter') continue;
    if (typeof error.row === 'number') rowErrors.set(error.row, [...(rowErrors.get(error.row) ?? []), error.message]);
    else fileErrors.push(error.message);
  }
  return { headers: (result.meta.fields ?? []).filter((h) => h.trim() !== ''), records: result.data, rowErrors, fileErrors };
}

/** `checkImport` over a parsed file, with papaparse's own complaints added to their rows and to the file. */
export function previewOf(parsed: ParsedCsv, chosen: KnownFloor | null, floors: readonly KnownFloor[]): ImportPreview {
  const preview = checkImport(parsed.records, parsed.headers, chosen, floors);
  return {
    fileErrors: [...parsed.fileErrors, ...preview.fileErrors],
    rows: preview.rows.map((row, index) => {
      const extra = parsed.rowErrors.get(index);
      return extra ? { ...row, errors: [...extra, ...row.errors] } : row;
    }),
  };
}
