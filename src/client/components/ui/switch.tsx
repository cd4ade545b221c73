import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

type SwitchProps = Omit<
  ComponentProps<'input'>,
  'type' | 'role' | 'checked' | 'defaultChecked' | 'onChange' | 'children'
> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch: the browser's checkbox in the switch role, drawn as a track with a thumb
 * laid over it. Like the checkbox (docs/decisions/0047-native-checkboxes.md), it needs no
 * script to be a control and nothing measured as it mounts. `className` places the control.
 */
export function Switch({ className, checked, onCheckedChange, onKeyDown, ...props }: SwitchProps) {
  return (
    <span className={cn('relative inline-flex h-6 w-11 shrink-0', className)}>
      <input
        {...props}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        onKeyDown={(event) => {
          // The switch pattern flips on Enter as on Space; the browser's checkbox would submit
          // the form around instead.
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.click();
          }
          onKeyDown?.(event);
        }}
        className="peer focus-visible:ring-ring focus-visible:ring-offset-background bg-input checked:bg-primary h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-transparent shadow-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
      />
      <span
        aria-hidden="true"
        className="bg-background pointer-events-none absolute top-0.5 left-0.5 block size-5 rounded-full shadow-lg ring-0 transition-transform peer-checked:translate-x-5 peer-disabled:opacity-50"
      />
    </span>
  );
}
