import { FormField } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { ANALYTICS_RANGES, isAnalyticsRange, type AnalyticsRange } from '../analytics-range.ts';

type RangeSelectProps = { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void };

/** 'Range': the days that every card of the analytics page covers. */
export function RangeSelect({ value, onChange }: RangeSelectProps) {
  return (
    <FormField label="Range" className="w-full sm:w-48">
      <Select
        value={value}
        onValueChange={(next) => {
          if (isAnalyticsRange(next)) onChange(next);
        }}
      >
        {ANALYTICS_RANGES.map((range) => (
          <option key={range.value} value={range.value}>
            {range.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
