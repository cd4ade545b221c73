import { createErrorFactory } from '../../errors.ts';

/** Also the answer for another trader's notice: it must look exactly like a missing one. */
export const noticeNotFound = createErrorFactory({
  code: 'notices.not_found',
  statusCode: 404,
  message: 'Notice not found',
});
