/**
 * Checks a parsed devices CSV before `POST /v1/devices/bulk-import` (SPEC.md section 7
 * "Devices"; issue 5 "Bad input"), with the server's own rules, so the preview shows every
 * problem at once where the server reports only the first: required columns, at most
 * `MAX_IMPORT_ROWS` rows, device ids printable and unique, names and types present and
 * bounded, both or neither of x_percent and y_percent in 0..100, and an optional `floor`
 * column that must name the chosen floor. Pure: rows in, rows with errors out.
 */
import { MAX_IMPORT_ROWS } from '../../api/devices';
import type { BulkImportRequest } from '../../api/types';

/** Columns every file must have. */
export const REQUIRED_COLUMNS = ['device_id', 'device_name', 'device_type'] as const;
/** Columns a file may have. */
export const OPTIONAL_COLUMNS = ['mac', 'x_percent', 'y_percent', 'floor'] as const;

/** Other header names people write for the same columns. */
const ALIASES: Readonly<Record<string, string>> = {
  id: 'device_id',
  name: 'device_name',
  type: 'device_type',
  mac_address: 'mac',
  x: 'x_percent',
  y: 'y_percent',
  floor_id: 'floor',
  floor_name: 'floor',
};

/** "Device Name" and "device-name" read as `device_name`; known aliases map to their column. */
export function normaliseHeader(header: string): string {
  const key = header.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return ALIASES[key] ?? key;
}

/** A floor the file may name in its `floor` column, by id or by name. */
export interface KnownFloor {
  id: string;
  name: string;
}

/** One data row of the file as checked. */
export interface ImportRow {
  /** Line of the file (the header is line 1). */
  line: number;
  device_id: string;
  device_name: string;
  device_type: string;
  mac: string | null;
  x_percent: number | null;
  y_percent: number | null;
  errors: string[];
}

/** The file as checked: its rows, and problems of the whole file (which block the import too). */
export interface ImportPreview {
  rows: ImportRow[];
  fileErrors: string[];
}

const DEVICE_ID = /^[\x21-\x7E]{1,128}$/;

function percent(raw: string, column: string, errors: string[]): number | null {
  if (raw === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    errors.push(`${column} must be a number from 0 to 100, not "${raw}"`);
    return null;
  }
  return value;
}

function floorError(raw: string, chosen: KnownFloor | null, floors: readonly KnownFloor[]): string | null {
  if (raw === '' || !chosen) return null;
  const match = (f: KnownFloor) => f.id === raw || f.name.trim().toLowerCase() === raw.toLowerCase();
  if (match(chosen)) return null;
  const other = floors.find(match);
  return other ? `Row is for floor "${other.name}", not "${chosen.name}"` : `Unknown floor "${raw}"`;
}

/**
 * Checks the parsed rows.
 * @param records the rows keyed by the file's header names as written
 * @param headers the header names as written, in file order
 * @param chosen the floor the devices go onto (null until picked: the floor column is then not checked)
 * @param floors every floor of the organization, to tell an unknown floor from another one
 */
export function checkImport(
  records: readonly Record<string, string | undefined>[],
  headers: readonly string[],
  chosen: KnownFloor | null,
  floors: readonly KnownFloor[],
): ImportPreview {
  const columns = new Map(headers.map((h) => [normaliseHeader(h), h]));
  const fileErrors: string[] = [];
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0) fileErrors.push(`Missing ${missing.length === 1 ? 'column' : 'columns'}: ${missing.join(', ')}`);
  if (records.length === 0) fileErrors.push('The file has no device rows');
  if (records.length > MAX_IMPORT_ROWS) {
    fileErrors.push(`The file has ${records.length} device rows; one import takes at most ${MAX_IMPORT_ROWS}. Split it into several files.`);
  }
  const cell = (record: Record<string, string | undefined>, column: string) => {
    const header = columns.get(column);
    return header === undefined ? '' : (record[header] ?? '').trim();
  };
  const firstLine = new Map<string, number>();
  const rows = records.map((record, index): ImportRow => {
    const line = index + 2;
    const errors: string[] = [];
    const id = cell(record, 'device_id');
    const name = cell(record, 'device_name');
    const type = cell(record, 'device_type');
    const mac = cell(record, 'mac');
    if (columns.has('device_id')) {
      if (id === '') errors.push('device_id is empty');
      else if (!DEVICE_ID.test(id)) errors.push('device_id must be 1 to 128 printable characters without spaces');
      const earlier = firstLine.get(id);
      if (id !== '' && earlier !== undefined) errors.push(`device_id "${id}" is also on line ${earlier}`);
      else if (id !== '') firstLine.set(id, line);
    }
    if (columns.has('device_name') && (name === '' || name.length > 200)) errors.push(name === '' ? 'device_name is empty' : 'device_name is longer than 200 characters');
    if (columns.has('device_type') && (type === '' || type.length > 64)) errors.push(type === '' ? 'device_type is empty' : 'device_type is longer than 64 characters');
    if (mac.length > 32) errors.push('mac is longer than 32 characters');
    const x = percent(cell(record, 'x_percent'), 'x_percent', errors);
    const y = percent(cell(record, 'y_percent'), 'y_percent', errors);
    if ((x === null) !== (y === null) && !errors.some((e) => e.includes('_percent'))) errors.push('Give both x_percent and y_percent, or neither');
    const wrongFloor = floorError(cell(record, 'floor'), chosen, floors);
    if (wrongFloor) errors.push(wrongFloor);
    return { line, device_id: id, device_name: name, device_type: type, mac: mac === '' ? null : mac, x_percent: x, y_percent: y, errors };
  });
  return { rows, fileErrors };
}

/** True when the preview may be sent: no file error and no row error. */
export const importReady = (preview: ImportPreview): boolean =>
  preview.fileErrors.length === 0 && preview.rows.every((r) => r.errors.length === 0);

/** The request body of the checked rows, in file order; a position only where both percents are given. */
export function toBulkImportRequest(floorId: string, rows: readonly ImportRow[]): BulkImportRequest {
  return {
    floor_id: floorId,
    devices: rows.map((r) => ({
      device_id: r.device_id,
      device_name: r.device_name,
      device_type: r.device_type,
      ...(r.mac === null ? {} : { mac: r.mac }),
      ...(r.x_percent !== null && r.y_percent !== null ? { x_percent: r.x_percent, y_percent: r.y_percent } : {}),
    })),
  };
}

/**
 * The server's per-row errors: each `errors[].field` of the form `devices.{index}.{column}`
 * (RFC 9457 problem, server/http/errorHandler.ts) as "column message", by row index.
 */
export function serverRowErrors(problem: unknown): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  const errors = typeof problem === 'object' && problem !== null && 'errors' in problem ? (problem as { errors: unknown }).errors : null;
  if (!Array.isArray(errors)) return byRow;
  for (const error of errors) {
    if (typeof error !== 'object' || error === null) continue;
    const { field, message } = error as { field?: unknown; message?: unknown };
    const match = typeof field === 'string' ? /^devices\.(\d+)(?:\.(.+))?$/.exec(field) : null;
    if (!match) continue;
    const index = Number(match[1]);
    const said = typeof message === 'string' ? message : 'is invalid';
    // The server's own checks word a whole sentence naming the row ("devices[2].device_id … appears more than once").
    const text = said.startsWith('devices[') || !match[2] ? said : `${match[2]} ${said}`;
    byRow.set(index, [...(byRow.get(index) ?? []), text]);
  }
  return byRow;
}
