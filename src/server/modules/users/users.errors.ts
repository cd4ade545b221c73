import { createErrorFactory } from '../../errors.ts';

const USERNAME_TAKEN = 'Username already exists';

export const usernameTaken = createErrorFactory({
  code: 'users.username_taken',
  statusCode: 409,
  message: USERNAME_TAKEN,
  issues: [{ path: 'username', message: USERNAME_TAKEN }],
});

export const signupClosed = createErrorFactory({
  code: 'users.signup_closed',
  statusCode: 403,
  message: 'Signup is closed. Ask an administrator for an account.',
});

const TOO_COMMON = 'This password is too common';

export const passwordTooCommon = createErrorFactory({
  code: 'users.password_too_common',
  statusCode: 400,
  message: TOO_COMMON,
  issues: [{ path: 'password', message: TOO_COMMON }],
});

export const avatarNotFound = createErrorFactory({
  code: 'users.avatar_not_found',
  statusCode: 404,
  message: 'Picture not found',
});

const AVATAR_NOT_AN_IMAGE = 'The picture must be a PNG, JPEG, WebP or GIF image';
export const avatarNotAnImage = createErrorFactory({
  code: 'users.avatar_not_an_image',
  statusCode: 400,
  message: AVATAR_NOT_AN_IMAGE,
  issues: [{ path: 'avatar', message: AVATAR_NOT_AN_IMAGE }],
});

const AVATAR_TOO_MANY_PIXELS = 'The picture is too large: at most 25 megapixels';
export const avatarTooManyPixels = createErrorFactory({
  code: 'users.avatar_too_many_pixels',
  statusCode: 400,
  message: AVATAR_TOO_MANY_PIXELS,
  issues: [{ path: 'avatar', message: AVATAR_TOO_MANY_PIXELS }],
});

/** The product's own words for a picture over 2 MB. */
export const AVATAR_TOO_LARGE = 'Profile image must be less than 2MB.';
export const avatarTooLarge = createErrorFactory({
  code: 'users.avatar_too_large',
  statusCode: 413,
  message: AVATAR_TOO_LARGE,
  issues: [{ path: 'avatar', message: AVATAR_TOO_LARGE }],
});

/** 400, not 401: a 401 would tell the client its login has ended. */
const PASSWORD_INCORRECT = 'Password is incorrect';
export const passwordIncorrect = createErrorFactory({
  code: 'users.password_incorrect',
  statusCode: 400,
  message: PASSWORD_INCORRECT,
  issues: [{ path: 'password', message: PASSWORD_INCORRECT }],
});

export const lastAdministratorLeaving = createErrorFactory({
  code: 'users.last_administrator_leaving',
  statusCode: 409,
  message:
    'You are the last administrator. Make another user an administrator before deleting your account.',
});

export const userNotFound = createErrorFactory({
  code: 'users.not_found',
  statusCode: 404,
  message: 'User not found',
});

const UNKNOWN_REMINDER_TYPE = 'Session type does not exist';

export const unknownReminderSessionType = createErrorFactory({
  code: 'users.unknown_reminder_session_type',
  statusCode: 400,
  message: UNKNOWN_REMINDER_TYPE,
  issues: [{ path: 'preferences.reminders.sessionTypeIds', message: UNKNOWN_REMINDER_TYPE }],
});
