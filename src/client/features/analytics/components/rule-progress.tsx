import { useId } from 'react';
import { complianceBand } from '#shared/compliance.ts';
import type { RuleCompliance } from '#shared/schemas/analytics.ts';
import {
  bandFillClass,
  bandName,
  ComplianceRating,
} from '#client/components/compliance-rating.tsx';
import { cn } from '#client/lib/utils.ts';

type RuleProgressProps = {
  rule: RuleCompliance;
  /** 'Followed X out of Y times' under the bar (the analytics page's details). */
  showCounts?: boolean;
  /** The rule a link asked for (`?rule=` from the dashboard's Weakest Rule): outlined. */
  isHighlighted?: boolean;
};

/**
 * One rule's compliance: its description, the rate in the band's colour and a bar filled to
 * it. The bar is a progressbar named by the description, for screen readers that list them.
 */
export function RuleProgress({
  rule,
  showCounts = false,
  isHighlighted = false,
}: RuleProgressProps) {
  const descriptionId = useId();
  const band = complianceBand(rule.complianceRate);
  return (
    <li
      id={`rule-${rule.ruleId}`}
      tabIndex={isHighlighted ? -1 : undefined}
      aria-current={isHighlighted ? 'true' : undefined}
      className={cn(
        'grid gap-1.5',
        isHighlighted && 'ring-primary -m-2 scroll-m-24 rounded-md p-2 ring-2 outline-none',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span id={descriptionId} className="min-w-0 text-sm font-medium wrap-anywhere">
          {rule.description}
        </span>
        <ComplianceRating rating={rule.complianceRate} className="shrink-0 text-sm" />
      </div>
      <div
        role="progressbar"
        aria-labelledby={descriptionId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rule.complianceRate}
        aria-valuetext={`${rule.complianceRate}%, ${bandName[band]}`}
        className="bg-muted h-2 overflow-hidden rounded-full"
      >
        <div
          className={cn('h-full rounded-full', bandFillClass[band])}
          style={{ width: `${rule.complianceRate}%` }}
        />
      </div>
      {showCounts ? (
        <p className="text-muted-foreground text-xs">
          {`Followed ${rule.followedCount} out of ${rule.totalCount} times`}
        </p>
      ) : null}
    </li>
  );
}
