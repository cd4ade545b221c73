import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import { createErrorFactory } from '../../errors.ts';

/** Also the answer for another trader's rule: it must look exactly like a missing one. */
export const ruleNotFound = createErrorFactory({
  code: 'rules.not_found',
  statusCode: 404,
  message: 'Trading rule not found',
});

/** The order names other rules than the trader has now: the list changed in another tab. */
export const ruleOrderOutOfDate = createErrorFactory({
  code: 'rules.order_out_of_date',
  statusCode: 409,
  message: 'Your rules have changed since this order was made. Reload them and try again.',
});

export const tooManyRules = createErrorFactory({
  code: 'rules.too_many',
  statusCode: 409,
  message: `You can keep at most ${MAX_RULES_PER_USER} trading rules`,
});
