import type { Session } from '#shared/schemas/sessions.ts';
import { useChecklistRules } from '../api/get-checklist-rules.ts';
import type { ChecklistState } from '../components/session-form-schema.ts';

/**
 * The lines of a session's checklist. A new session lists every current rule of the trader, in
 * their order; an edit lists the session's own items as they read when it was saved (history
 * survives later edits of the rules), never the current rules.
 */
export function useChecklist(session: Session | null): ChecklistState {
  const rules = useChecklistRules({ enabled: !session });
  if (session) {
    return {
      status: 'ready',
      items: session.rulesFollowed.map(({ ruleId, description }) => ({ ruleId, description })),
    };
  }
  if (rules.isPending) return { status: 'pending' };
  if (rules.isLoadingError) return { status: 'error', retry: () => void rules.refetch() };
  return {
    status: 'ready',
    items: rules.data.map((rule) => ({ ruleId: rule.id, description: rule.description })),
  };
}
