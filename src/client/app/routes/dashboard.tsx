import { Plus } from 'lucide-react';
import { InTurn } from '#client/components/in-turn.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { OverallComplianceCard } from '#client/features/analytics/components/overall-compliance-card.tsx';
import { RuleComplianceCard } from '#client/features/analytics/components/rule-compliance-card.tsx';
import { DashboardStreaksCard } from '#client/features/discipline/components/streaks-card.tsx';
import { WeakestRuleCard } from '#client/features/discipline/components/weakest-rule-card.tsx';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { useNotices } from '#client/features/notices/api/get-notices.ts';
import { NoticesPanel } from '#client/features/notices/components/notices-panel.tsx';
import { useRuleDialogs } from '#client/features/rules/components/rule-dialogs.tsx';
import { RuleReminderBanner } from '#client/features/rules/components/rule-reminder-banner.tsx';
import { RulesListCard } from '#client/features/rules/components/rules-list-card.tsx';
import { RecentScreenshotsCard } from '#client/features/sessions/components/recent-screenshots-card.tsx';
import { RecentSessionsCard } from '#client/features/sessions/components/recent-sessions-card.tsx';
import { useSessionDialogs } from '#client/features/sessions/components/session-dialogs.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function DashboardRoute() {
  const { user } = useAuth();
  usePageTitle('Dashboard');
  const ruleDialogs = useRuleDialogs();
  const sessionDialogs = useSessionDialogs();
  const name = user?.fullName.trim() || user?.username || 'Trader';
  // Known once answered, even with an error; a refetch does not make it unknown again.
  const isNewsKnown = useNotices().isFetched;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {user?.companyName ? (
            <p className="text-primary text-sm font-semibold wrap-anywhere">{user.companyName}</p>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {name} Trading Dashboard
          </h1>
        </div>
        <Button className="self-start sm:self-auto" onClick={sessionDialogs.openNew}>
          <Plus aria-hidden="true" />
          New Session
        </Button>
      </div>
      <RuleReminderBanner />
      <NoticesPanel />
      {/* The notices draw nothing until they are known, then a report that can be taller than a
          phone's window. What comes below them waits for them (or for their failure) behind a
          window-high block that paints nothing, so the report takes its place before anything
          under it is drawn, instead of pushing every card down (a layout shift). The cards then
          arrive one per task, top to bottom (InTurn), in a block at least as high as the window:
          each only extends what is drawn, and the footer stays out of sight. */}
      {isNewsKnown ? (
        <div className="grid min-h-dvh grid-cols-1 content-start gap-6">
          {/* The summary row: three columns on wide screens. On medium-wide ones Overall
            Compliance, short as it is, spans the row above the other two. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 xl:grid-cols-3">
            <div className="grid lg:col-span-2 xl:col-span-1">
              <InTurn>
                <OverallComplianceCard />
              </InTurn>
            </div>
            <InTurn>
              <RecentSessionsCard />
            </InTurn>
            <InTurn>
              <RecentScreenshotsCard />
            </InTurn>
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <InTurn>
              <DashboardStreaksCard />
            </InTurn>
            <InTurn>
              <WeakestRuleCard />
            </InTurn>
          </div>
          {/* Rule Compliance beside the rules list: one third, the list two. */}
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <InTurn>
              <RuleComplianceCard />
            </InTurn>
            <div className="grid min-w-0 xl:col-span-2">
              <InTurn>
                <RulesListCard
                  onAdd={ruleDialogs.openAdd}
                  onEdit={ruleDialogs.openEdit}
                  onDelete={ruleDialogs.openDelete}
                />
              </InTurn>
            </div>
          </div>
        </div>
      ) : (
        <div className="min-h-dvh" />
      )}
      {ruleDialogs.dialogs}
      {sessionDialogs.dialogs}
    </div>
  );
}
