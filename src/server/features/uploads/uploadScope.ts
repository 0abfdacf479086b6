import type { FastifyRequest } from 'fastify';
import type { ScreenConfig, UploadDeclaration } from '../../../shared/config.gen.js';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { READ_MODE } from './uploadMessages.js';

export interface UploadParams {
  area: string;
  screen: string;
  upload: string;
}

export interface ResolvedUpload {
  screen: ScreenConfig;
  upload: UploadDeclaration;
  key: string;
  groupId: number;
  userId: number;
}

/**
 * Finds the declared upload in the live config and checks the caller: the screen's activity
 * (its permission) and, for writes, a normal session (a read-mode link never writes).
 */
export function resolveUpload(request: FastifyRequest, params: UploadParams, write: boolean): ResolvedUpload {
  const screen = request.server.deps.config.current().screens.get(`${params.area}/${params.screen}`);
  const upload = screen?.uploads?.find((u) => u.id === params.upload);
  if (!screen || !upload) throw new NotFoundError('page not found');
  const auth = requireActivity(request, screen.permission);
  if (write && auth.readMode) throw new ForbiddenError(READ_MODE);
  return {
    screen,
    upload,
    key: `${screen.permission}/${upload.id}`,
    groupId: auth.groupId,
    userId: auth.userId,
  };
}
