import { Info, Plus } from 'lucide-react';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useRuleDialogs } from '#client/features/rules/components/rule-dialogs.tsx';
import { RulesListCard } from '#client/features/rules/components/rules-list-card.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function RulesRoute() {
  usePageTitle('Trading Rules');
  const ruleDialogs = useRuleDialogs();

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Trading Rules"
        description="Manage your trading discipline rules"
        actions={
          <Button onClick={ruleDialogs.openAdd}>
            <Plus aria-hidden="true" />
            Add New Rule
          </Button>
        }
      />
      <section
        aria-labelledby="about-trading-rules"
        className="border-primary/20 bg-primary/5 flex gap-3 rounded-xl border p-4 sm:p-5"
      >
        <Info aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <h2 id="about-trading-rules" className="font-semibold">
            About Trading Rules
          </h2>
          <p className="text-muted-foreground mt-1 text-sm">
            Trading rules are the commitments that keep your trading disciplined. After each trading
            session you mark which rules you followed, and that gives the session its discipline
            rating. Notes you add to a rule appear as reminders on your dashboard.
          </p>
        </div>
      </section>
      <RulesListCard
        onAdd={ruleDialogs.openAdd}
        onEdit={ruleDialogs.openEdit}
        onDelete={ruleDialogs.openDelete}
      />
      {ruleDialogs.dialogs}
    </div>
  );
}
