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

/** Every rule of the trader's, each once, in an order. */
const ruleOrder = (field: string) =>
  z.array(idSchema('Rule id'), { error: `${field} must be a list of rule ids` }).check(
    z.maxLength(MAX_RULES_PER_USER, `${field} must list each of your rules exactly once`),
    z.refine(
      (ids) => new Set(ids).size === ids.length,
      `${field} must list each of your rules exactly once`,
    ),
  );

export const reorderRulesSchema = z.strictObject({
  ruleIds: ruleOrder('ruleIds'),
  /**
   * The order the move was made from, as the trader saw it. When the rules are no longer in
   * that order (moved meanwhile in another tab or device), the move is refused, as one made
   * from another set of rules is, rather than putting back the order it was made from.
   */
  fromRuleIds: z.optional(ruleOrder('fromRuleIds')),
});
export type ReorderRulesInput = z.infer<typeof reorderRulesSchema>;

export const rulesResponseSchema = z.object({ rules: z.array(ruleSchema) });
export const ruleResponseSchema = z.object({ rule: ruleSchema });
