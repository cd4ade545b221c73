import { CircleAlert, ListChecks, Plus } from 'lucide-react';
import type { Rule } from '#shared/schemas/rules.ts';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useRules } from '../api/get-rules.ts';
import { SortableRuleList } from './sortable-rule-list.tsx';

type RulesListCardProps = {
  onAdd: () => void;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

/** "Your Trading Rules": the trader's rules in order, with add, edit, delete and reordering. */
export function RulesListCard({ onAdd, onEdit, onDelete }: RulesListCardProps) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle asChild>
            <h2>Your Trading Rules</h2>
          </CardTitle>
          <Button size="sm" onClick={onAdd}>
            <Plus aria-hidden="true" />
            Add Rule
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <RulesListContent onAdd={onAdd} onEdit={onEdit} onDelete={onDelete} />
      </CardContent>
    </Card>
  );
}

function RulesListContent({ onAdd, onEdit, onDelete }: RulesListCardProps) {
  const { data: rules, isPending, isLoadingError, refetch, isRefetching } = useRules();

  if (isPending) {
    return (
      <div role="status" aria-label="Loading trading rules" className="grid gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }

  if (isLoadingError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <CircleAlert aria-hidden="true" className="text-destructive size-8" />
        <p className="text-muted-foreground">Your trading rules could not be loaded.</p>
        <TryAgainButton retry={{ refetch, isFetching: isRefetching }} />
      </div>
    );
  }

  if (rules.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">
          <ListChecks aria-hidden="true" className="size-6" />
        </span>
        <p className="text-muted-foreground">No trading rules defined yet.</p>
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add Your First Rule
        </Button>
      </div>
    );
  }

  return <SortableRuleList rules={rules} onEdit={onEdit} onDelete={onDelete} />;
}
