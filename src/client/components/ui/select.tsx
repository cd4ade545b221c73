import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

type SelectProps = Omit<
  ComponentProps<'select'>,
  'value' | 'defaultValue' | 'onChange' | 'multiple' | 'size'
> & {
  value: string;
  onValueChange: (value: string) => void;
  /** An icon drawn at the control's start, inside its border. */
  icon?: ReactNode;
  /** A lower control, for a banner or a toolbar. */
  compact?: boolean;
};

/**
 * The browser's own select, drawn to the app's style; its children are `<option>`s. A phone
 * shows its own picker, the keyboard works as the platform's does (arrows and typing a name
 * on the closed control pick at once), and nothing runs to mount it: Radix's select built
 * every item of a closed list into a detached fragment, measured itself and mounted a popper
 * on each screen (docs/decisions/0050-native-selects.md). `className` places the control: its
 * width (the whole line when no `className` is given) and its margins; the other props, an id
 * and aria wiring from a FormField among them, go to the `<select>`. A value no option has
 * shows an empty control; a placeholder is a disabled option with the empty value, chosen
 * while nothing else is.
 */
export function Select({
  className,
  value,
  onValueChange,
  icon,
  compact = false,
  children,
  ...props
}: SelectProps) {
  return (
    <span className={cn('relative flex min-w-0 items-center', className ?? 'w-full')}>
      {icon ? (
        <span className="text-muted-foreground pointer-events-none absolute left-2.5 flex [&_svg]:size-4">
          {icon}
        </span>
      ) : null}
      <select
        {...props}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        className={cn(
          'border-input bg-background focus-visible:ring-ring focus-visible:ring-offset-background w-full min-w-0 cursor-pointer appearance-none truncate rounded-md border pr-9 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
          'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive',
          // The placeholder reads as one; the list it opens does not inherit the muted colour.
          value === '' && 'text-muted-foreground [&>option]:text-foreground',
          compact ? 'h-8' : 'h-10',
          icon ? 'pl-8' : 'pl-3',
        )}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 size-4 shrink-0 opacity-60"
      />
    </span>
  );
}
