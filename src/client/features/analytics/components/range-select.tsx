import { useId } from 'react';
import { FormField } from '#client/components/ui/form-field.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { ANALYTICS_RANGES, isAnalyticsRange, type AnalyticsRange } from '../analytics-range.ts';

type RangeSelectProps = { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void };

/** 'Range': the days that every card of the analytics page covers. */
export function RangeSelect({ value, onChange }: RangeSelectProps) {
  // A Select's root renders nothing: the label must point at its trigger by id.
  const id = useId();
  return (
    <FormField label="Range" id={id} className="w-full sm:w-48">
      <Select
        value={value}
        onValueChange={(next) => {
          if (isAnalyticsRange(next)) onChange(next);
        }}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ANALYTICS_RANGES.map((range) => (
            <SelectItem key={range.value} value={range.value}>
              {range.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
