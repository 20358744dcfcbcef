/**
 * SPEC.md section 2, `/floors/{floorId}`: query `mode` 'edit' or absent means edit;
 * any other value means view.
 * @param search the location's query string, with or without the leading '?'
 */
export function isEditMode(search: string): boolean {
  const mode = new URLSearchParams(search).get('mode');
  return mode === null || mode === 'edit';
}

/** Path of a floor in the given mode. */
export function floorPath(floorId: string, mode: 'edit' | 'view'): string {
  return `/floors/${encodeURIComponent(floorId)}?mode=${mode}`;
}
