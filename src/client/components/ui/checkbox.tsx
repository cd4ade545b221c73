import { Check, Minus } from 'lucide-react';
import { useImperativeHandle, useLayoutEffect, useRef, type ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

const mark =
  'text-primary-foreground pointer-events-none absolute inset-0 m-auto peer-disabled:opacity-50';

type CheckboxProps = Omit<
  ComponentProps<'input'>,
  'type' | 'checked' | 'defaultChecked' | 'onChange' | 'children'
> & {
  /** 'indeterminate' shows a dash and is announced as mixed; a click then ticks it. */
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** `false` when what holds the checkbox shows its focus (a tile that is its label). */
  focusRing?: boolean;
};

/**
 * The browser's own checkbox, drawn to the app's style: the box is the input itself, and the
 * tick or dash an icon laid over it. A control that needs no script to be one keeps Space, its
 * label, forms and "mixed" for assistive technology as the browser gives them, and costs a page
 * nothing to mount (docs/decisions/0047-native-checkboxes.md). `className` places the control;
 * the box's own look is fixed here.
 */
export function Checkbox({
  className,
  checked,
  onCheckedChange,
  onKeyDown,
  focusRing = true,
  ref,
  ...props
}: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  const isMixed = checked === 'indeterminate';
  const state = isMixed ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  // Mixed is a property of the element, not an attribute: set before the browser paints.
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = isMixed;
  }, [isMixed]);

  return (
    <span className={cn('relative inline-flex size-4 shrink-0', className)}>
      <input
        {...props}
        ref={input}
        type="checkbox"
        checked={checked === true}
        data-state={state}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        onKeyDown={(event) => {
          // Space ticks. Enter does not, as the checkbox pattern has it; nor may it submit the
          // form around, as the browser's checkbox would: a session saved half filled in.
          if (event.key === 'Enter') event.preventDefault();
          onKeyDown?.(event);
        }}
        className={cn(
          'peer border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:bg-primary size-4 shrink-0 cursor-pointer appearance-none rounded-sm border shadow-xs outline-none disabled:cursor-not-allowed disabled:opacity-50',
          focusRing &&
            'focus-visible:ring-ring focus-visible:ring-offset-background focus-visible:ring-2 focus-visible:ring-offset-2',
        )}
      />
      {/* Drawn only when shown: a list of fifty unticked rows builds no icons. */}
      {state === 'checked' ? (
        <Check aria-hidden="true" strokeWidth={3} className={`${mark} size-3.5`} />
      ) : null}
      {state === 'indeterminate' ? (
        <Minus aria-hidden="true" strokeWidth={3} className={`${mark} size-3`} />
      ) : null}
    </span>
  );
}
