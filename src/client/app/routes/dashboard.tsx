import { Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#client/components/ui/tooltip.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { useRuleDialogs } from '#client/features/rules/components/rule-dialogs.tsx';
import { RuleReminderBanner } from '#client/features/rules/components/rule-reminder-banner.tsx';
import { RulesListCard } from '#client/features/rules/components/rules-list-card.tsx';
import { usePageTitle } from '../use-page-title.ts';

const NEW_SESSION_SOON = 'Recording sessions arrives soon';

export function DashboardRoute() {
  const { user } = useAuth();
  usePageTitle('Dashboard');
  const ruleDialogs = useRuleDialogs();
  const name = user?.fullName.trim() || user?.username || 'Trader';

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {user?.companyName ? (
            <p className="text-primary text-sm font-semibold">{user.companyName}</p>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {name} Trading Dashboard
          </h1>
        </div>
        {/* The new-session dialog is not built yet: say so rather than ignore the click. */}
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              aria-disabled="true"
              className="cursor-not-allowed self-start opacity-60 hover:bg-primary sm:self-auto"
              onClick={() => toast({ title: 'Coming soon', description: NEW_SESSION_SOON })}
            >
              <Plus aria-hidden="true" />
              New Session
            </Button>
          </TooltipTrigger>
          <TooltipContent>{NEW_SESSION_SOON}</TooltipContent>
        </Tooltip>
      </div>
      <RuleReminderBanner />
      {/* The summary widgets arrive with sessions; they take their rows above the rules card. */}
      <div className="grid gap-6">
        <RulesListCard
          onAdd={ruleDialogs.openAdd}
          onEdit={ruleDialogs.openEdit}
          onDelete={ruleDialogs.openDelete}
        />
      </div>
      {ruleDialogs.dialogs}
    </div>
  );
}
