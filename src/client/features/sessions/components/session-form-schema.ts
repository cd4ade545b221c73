import { z } from '#shared/zod.ts';
import {
  createSessionSchema,
  type CreateSessionInput,
  type Session,
} from '#shared/schemas/sessions.ts';
import { toCalendarDay } from '#shared/schemas/common.ts';
import { resultMoneySchema, resultRSchema } from '#shared/schemas/results.ts';
import { todayLocal } from '#client/lib/dates.ts';

/** One line of the checklist: a current rule (new session) or a session's own item (edit). */
export type ChecklistItem = { ruleId: number; description: string };

/** The checklist's lines, which a new session reads from the server first. */
export type ChecklistState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; items: ChecklistItem[] };

/**
 * The screenshot as the picker holds it: the session's saved one (kept unless replaced or
 * removed), a new image, or none.
 */
export type ScreenshotValue =
  { kind: 'saved'; ref: string } | { kind: 'new'; dataUrl: string } | null;

/** A result input's text: blank is none, anything else must read as the API's number. */
function resultField(amount: typeof resultMoneySchema) {
  return z.pipe(
    z.pipe(
      z.string(),
      z.transform((text) => (text.trim() === '' ? null : Number(text.trim()))),
    ),
    z.nullable(amount),
  );
}

/**
 * The form's fields, checked with the API's own rules and messages. The names are the API's, so
 * a server refusal's field issues (`reportFormError`) land beside the right control.
 */
export const sessionFormSchema = z.object({
  name: createSessionSchema.shape.name,
  date: createSessionSchema.shape.date,
  // A select holds a string, '' while nothing is chosen.
  sessionTypeId: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value): number | null | undefined => (value === '' ? null : Number(value))),
    ),
    createSessionSchema.shape.sessionTypeId,
  ),
  /** The ids of the checklist items ticked as followed, in checklist order. */
  rulesFollowed: z.array(z.number()),
  notes: createSessionSchema.shape.notes,
  screenshotData: z.custom<ScreenshotValue>(),
  resultMoney: resultField(resultMoneySchema),
  resultR: resultField(resultRSchema),
});
export type SessionFormValues = z.input<typeof sessionFormSchema>;
export type SessionFormData = z.output<typeof sessionFormSchema>;

/** In the order they are shown: a server refusal focuses the first field it names. */
export const sessionFormFields = [
  'name',
  'date',
  'sessionTypeId',
  'rulesFollowed',
  'resultR',
  'resultMoney',
  'notes',
  'screenshotData',
] as const;

/** A new session starts empty on the trader's own today; an edit starts from the session. */
export function sessionFormDefaults(session: Session | null): SessionFormValues {
  if (!session) {
    return {
      name: '',
      date: todayLocal(),
      sessionTypeId: '',
      rulesFollowed: [],
      notes: '',
      screenshotData: null,
      resultMoney: '',
      resultR: '',
    };
  }
  return {
    name: session.name,
    date: toCalendarDay(session.date),
    sessionTypeId: session.sessionTypeId === null ? '' : String(session.sessionTypeId),
    rulesFollowed: session.rulesFollowed.filter((item) => item.followed).map((item) => item.ruleId),
    notes: session.notes ?? '',
    screenshotData: session.screenshotPath ? { kind: 'saved', ref: session.screenshotPath } : null,
    resultMoney: session.resultMoney === null ? '' : String(session.resultMoney),
    resultR: session.resultR === null ? '' : String(session.resultR),
  };
}

/**
 * The request body: every checklist item with its followed flag (an unticked rule was not
 * followed), blank notes as null, and the screenshot left out when the form changed nothing of
 * it: the saved one kept, or none shown and none chosen (`hadScreenshot` false), since one may
 * have been added on another device meanwhile, and null would remove it. The money result goes
 * only with `sendsMoney`, and the server then keeps what it has: a trader who hides money
 * amounts never sees the field, and an edit sends it only when it was changed (the session may
 * have been read while money was hidden, without its amount, and a field shown empty since
 * would have erased it).
 */
export function toSessionInput(
  { rulesFollowed, notes, screenshotData, resultMoney, ...fields }: SessionFormData,
  checklist: readonly ChecklistItem[],
  { sendsMoney, hadScreenshot }: { sendsMoney: boolean; hadScreenshot: boolean },
): CreateSessionInput {
  const followed = new Set(rulesFollowed);
  const keepsScreenshot = screenshotData?.kind === 'saved' || (!screenshotData && !hadScreenshot);
  return {
    ...fields,
    ...(sendsMoney ? { resultMoney } : {}),
    notes: notes ?? null,
    rulesFollowed: checklist.map(({ ruleId }) => ({ ruleId, followed: followed.has(ruleId) })),
    ...(keepsScreenshot ? {} : { screenshotData: screenshotData?.dataUrl ?? null }),
  };
}
