import { createErrorFactory } from '../../errors.ts';

export const cannotDeleteYourself = createErrorFactory({
  code: 'admin.cannot_delete_yourself',
  statusCode: 409,
  message:
    'You cannot delete your own account here. Use Delete my account in Settings, once another administrator exists.',
});

export const cannotDemoteYourself = createErrorFactory({
  code: 'admin.cannot_demote_yourself',
  statusCode: 409,
  message:
    'You cannot remove your own administrator rights. Another administrator can do it for you.',
});

export const lastAdministrator = createErrorFactory({
  code: 'admin.last_administrator',
  statusCode: 409,
  message: 'This is the last administrator: make another user an administrator first.',
});
