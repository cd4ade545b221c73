import { SCREENSHOT_MAX_PIXELS } from '#shared/constants.ts';
import {
  DATE_IN_FUTURE,
  SESSION_CHANGED_ELSEWHERE,
  SESSION_SAVED_THEN_EDITED,
} from '#shared/schemas/sessions.ts';
import { createErrorFactory } from '../../errors.ts';

/** Also the answer for another trader's session or screenshot: it must look like a missing one. */
export const sessionNotFound = createErrorFactory({
  code: 'sessions.not_found',
  statusCode: 404,
  message: 'Trading session not found',
});

export const screenshotNotFound = createErrorFactory({
  code: 'sessions.screenshot_not_found',
  statusCode: 404,
  message: 'Screenshot not found',
});

const UNKNOWN_RULE = 'Each rule must be one of your trading rules';
export const unknownRule = createErrorFactory({
  code: 'sessions.unknown_rule',
  statusCode: 400,
  message: UNKNOWN_RULE,
  issues: [{ path: 'rulesFollowed', message: UNKNOWN_RULE }],
});

const CHECKLIST_INCOMPLETE = 'The checklist must list each of your trading rules';
export const checklistIncomplete = createErrorFactory({
  code: 'sessions.checklist_incomplete',
  statusCode: 400,
  message: CHECKLIST_INCOMPLETE,
  issues: [{ path: 'rulesFollowed', message: CHECKLIST_INCOMPLETE }],
});

const CHECKLIST_MISMATCH = "rulesFollowed must list each of the session's rules exactly once";
export const checklistMismatch = createErrorFactory({
  code: 'sessions.checklist_mismatch',
  statusCode: 400,
  message: CHECKLIST_MISMATCH,
  issues: [{ path: 'rulesFollowed', message: CHECKLIST_MISMATCH }],
});

export const sessionChangedElsewhere = createErrorFactory({
  code: 'sessions.changed_elsewhere',
  statusCode: 409,
  message: SESSION_CHANGED_ELSEWHERE,
});

export const sessionSavedThenEdited = createErrorFactory({
  code: 'sessions.saved_then_edited',
  statusCode: 409,
  message: SESSION_SAVED_THEN_EDITED,
});

export const dateInFuture = createErrorFactory({
  code: 'sessions.date_in_future',
  statusCode: 400,
  message: DATE_IN_FUTURE,
  issues: [{ path: 'date', message: DATE_IN_FUTURE }],
});

const UNKNOWN_TYPE = 'Session type does not exist';
export const unknownSessionType = createErrorFactory({
  code: 'sessions.unknown_type',
  statusCode: 400,
  message: UNKNOWN_TYPE,
  issues: [{ path: 'sessionTypeId', message: UNKNOWN_TYPE }],
});

const NOT_AN_IMAGE = 'The screenshot must be a PNG, JPEG, WebP or GIF image';
export const screenshotNotAnImage = createErrorFactory({
  code: 'sessions.screenshot_not_an_image',
  statusCode: 400,
  message: NOT_AN_IMAGE,
  issues: [{ path: 'screenshotData', message: NOT_AN_IMAGE }],
});

const TOO_MANY_PIXELS = `The screenshot is too large: at most ${SCREENSHOT_MAX_PIXELS / 1_000_000} megapixels`;
export const screenshotTooManyPixels = createErrorFactory({
  code: 'sessions.screenshot_too_many_pixels',
  statusCode: 400,
  message: TOO_MANY_PIXELS,
  issues: [{ path: 'screenshotData', message: TOO_MANY_PIXELS }],
});

export const SCREENSHOT_TOO_LARGE = 'The screenshot must be at most 10 MB';
export const screenshotTooLarge = createErrorFactory({
  code: 'sessions.screenshot_too_large',
  statusCode: 413,
  message: SCREENSHOT_TOO_LARGE,
  issues: [{ path: 'screenshotData', message: SCREENSHOT_TOO_LARGE }],
});
