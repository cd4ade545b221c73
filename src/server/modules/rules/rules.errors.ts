import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import { createErrorFactory } from '../../errors.ts';

/** Also the answer for another trader's rule: it must look exactly like a missing one. */
export const ruleNotFound = createErrorFactory({
  code: 'rules.not_found',
  statusCode: 404,
  message: 'Trading rule not found',
});

export const invalidRuleOrder = createErrorFactory({
  code: 'rules.invalid_order',
  statusCode: 400,
  message: 'ruleIds must list each of your rules exactly once',
});

export const tooManyRules = createErrorFactory({
  code: 'rules.too_many',
  statusCode: 409,
  message: `You can keep at most ${MAX_RULES_PER_USER} trading rules`,
});
