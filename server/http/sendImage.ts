import type { FastifyReply } from 'fastify';
import type { FileStore } from '../files/fileStore';
import { imageResponseHeaders } from '../images/imageResponseHeaders';
import { notFound } from './problem';

/**
 * Streams a stored image with headers that keep it an image (see imageResponseHeaders),
 * cached privately: a stored file name is never reused for other content.
 * @throws HttpProblem 404 when the store no longer has the file.
 */
export async function sendImage(
  reply: FastifyReply,
  files: FileStore,
  file: { key: string; contentType: string; fileName: string },
): Promise<FastifyReply> {
  const stored = await files.get(file.key);
  if (!stored) throw notFound('File');
  return reply
    .headers({
      ...imageResponseHeaders(file.contentType, file.fileName),
      'content-length': String(stored.size),
      'cache-control': 'private, max-age=3600',
      'cross-origin-resource-policy': 'same-origin',
    })
    .send(stored.stream);
}
