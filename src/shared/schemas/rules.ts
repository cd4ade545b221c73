import { z } from '../zod.ts';
import {
  MAX_RULES_PER_USER,
  RULE_DESCRIPTION_MAX_LENGTH,
  RULE_NOTES_MAX_LENGTH,
} from '../constants.ts';
import { idParam, idSchema, optionalText, requiredText } from './common.ts';

export const ruleSchema = z.object({
  id: z.int(),
  description: z.string(),
  notes: z.nullable(z.string()),
  displayOrder: z.int(),
});
export type Rule = z.infer<typeof ruleSchema>;

/** The body of `POST /api/rules` and `PUT /api/rules/{id}`; blank notes mean none. */
export const ruleInputSchema = z.strictObject({
  description: requiredText({
    label: 'Rule description',
    max: RULE_DESCRIPTION_MAX_LENGTH,
  }),
  notes: optionalText({ label: 'Notes', max: RULE_NOTES_MAX_LENGTH, isMultiLine: true }),
});
export type RuleInput = z.input<typeof ruleInputSchema>;
export type RuleData = z.output<typeof ruleInputSchema>;

export const ruleIdParamsSchema = z.strictObject({ id: idParam('Rule id') });

export const reorderRulesSchema = z.strictObject({
  ruleIds: z.array(idSchema('Rule id'), { error: 'ruleIds must be a list of rule ids' }).check(
    z.maxLength(MAX_RULES_PER_USER, 'ruleIds must list each of your rules exactly once'),
    z.refine(
      (ids) => new Set(ids).size === ids.length,
      'ruleIds must list each of your rules exactly once',
    ),
  ),
});
export type ReorderRulesInput = z.infer<typeof reorderRulesSchema>;

export const rulesResponseSchema = z.object({ rules: z.array(ruleSchema) });
export const ruleResponseSchema = z.object({ rule: ruleSchema });
