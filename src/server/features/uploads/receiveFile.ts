import type {} from '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { checkNameAndType } from './fileKind.js';
import { maxBytesOf } from './uploadLimits.js';
import { NO_FILE, tooLarge } from './uploadMessages.js';
import type { ReceivedFile } from './uploadService.js';

/**
 * Takes the request's one file part to a private temporary folder, refusing by name and type
 * before a byte is stored and by size while it streams (@fastify/multipart's fileSize limit).
 * The caller removes the folder with `discard`.
 */
export async function receiveFile(
  request: FastifyRequest,
  upload: UploadDeclaration,
): Promise<ReceivedFile & { discard: () => Promise<void> }> {
  const maxBytes = maxBytesOf(upload);
  const mb = upload.maxSizeMb ?? Math.round(maxBytes / 1024 / 1024);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    if (isMultipartError(error)) throw new BadRequestError(NO_FILE);
    throw error;
  }
  if (!part) throw new BadRequestError(NO_FILE);
  const fileName = path.basename(part.filename || '');
  let extension: string;
  try {
    extension = checkNameAndType(fileName, part.mimetype, upload.accept);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'shelfscope-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const filePath = path.join(dir, `file${extension}`);
  try {
    await pipeline(part.file, createWriteStream(filePath));
    if (part.file.truncated) throw new BadRequestError(tooLarge(mb));
  } catch (error) {
    await discard();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new BadRequestError(tooLarge(mb));
    throw error;
  }
  const { size } = await stat(filePath);
  return { path: filePath, fileName, extension, size, discard };
}

function isMultipartError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('FST_') || code === 'ERR_INVALID_ARG_TYPE';
}
