import { Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
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

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {user?.companyName ? (
            <p className="text-primary text-sm font-semibold">{user.companyName}</p>
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
      {/* The summary row. Overall Compliance (analytics, next) takes the first place; then it is
          three columns on wide screens. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentSessionsCard />
        <RecentScreenshotsCard />
      </div>
      {/* Rule Compliance (analytics, next) comes beside the rules list: one third, the list two. */}
      <div className="grid grid-cols-1 gap-6">
        <RulesListCard
          onAdd={ruleDialogs.openAdd}
          onEdit={ruleDialogs.openEdit}
          onDelete={ruleDialogs.openDelete}
        />
      </div>
      {ruleDialogs.dialogs}
      {sessionDialogs.dialogs}
    </div>
  );
}
