/** A file part of a multipart body: its bytes, the file name the client claims, and its declared type. */
export interface MultipartFile {
  data: Buffer | Uint8Array | string;
  filename: string;
  /** Declared Content-Type of the part; the server must not trust it. Default application/octet-stream. */
  contentType?: string;
}

/** What `app.inject()` needs to send a multipart body. */
export interface MultipartPayload {
  payload: Buffer;
  headers: { 'content-type': string };
}

/**
 * Encodes text fields and files as multipart/form-data with the platform's own FormData
 * and Request (so the boundary and part headers are what a browser would send).
 * @returns the body bytes and the content type carrying the boundary, for `inject()`
 */
export async function multipart(
  fields: Record<string, string | number>,
  files: Record<string, MultipartFile> = {},
): Promise<MultipartPayload> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : new Uint8Array(file.data);
    form.append(name, new Blob([bytes], { type: file.contentType ?? 'application/octet-stream' }), file.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type');
  if (!contentType) throw new Error('FormData produced no content type');
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': contentType } };
}

/** Merges a multipart body's content type with other request headers (e.g. the bearer header). */
export function withHeaders(body: MultipartPayload, headers: Record<string, string>) {
  return { payload: body.payload, headers: { ...headers, ...body.headers } };
}
