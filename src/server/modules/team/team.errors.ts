import { createErrorFactory } from '../../errors.ts';

/**
 * The same answer for a user who does not exist and for one who does not share their figures:
 * the company view must not tell an administrator who chose not to share.
 */
export const traderNotFound = createErrorFactory({
  code: 'team.trader_not_found',
  statusCode: 404,
  message: 'Trader not found',
});
