/** The `token` query parameter of a mailed link (`?token=…`), or null when absent or blank. */
export function linkToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}
