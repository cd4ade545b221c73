import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import type { ComponentProps, FocusEvent } from 'react';
import { useOpenClosedByBack } from '#client/lib/back-closes-dialogs.ts';
import { cn } from '#client/lib/utils.ts';
import { useMenuFocusAfterPageChange } from './use-return-focus.ts';

/** A menu's root. While it is open, Back closes it as Escape would (useOpenClosedByBack). */
export function DropdownMenu({
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  const openState = useOpenClosedByBack({ open, defaultOpen, onOpenChange });
  return <DropdownMenuPrimitive.Root {...props} {...openState} />;
}
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;

/** Whether the page's last press was a key's rather than a pointer's, as Radix's menu tells. */
let lastPressWasAKey = false;
document.addEventListener('keydown', () => (lastPressWasAKey = true), { capture: true });
document.addEventListener('pointerdown', () => (lastPressWasAKey = false), { capture: true });

/**
 * A menu opened from the keyboard puts focus on its first item (the WAI-ARIA menu button), so
 * that the Down arrow reaches the second. Radix means to as the menu takes focus, from the items
 * it has registered by then; under Preact they register after that moment, Radix finds none, and
 * focus stayed on the menu itself. So when the menu takes focus from outside it (it opens) after
 * a key (after a click or a tap Radix leaves focus on the menu, and so does this), the first
 * enabled item takes it once Radix is done.
 */
function focusFirstItemFromTheKeyboard(event: FocusEvent<HTMLDivElement>) {
  const menu = event.currentTarget;
  const from = event.relatedTarget;
  if (!lastPressWasAKey || event.target !== menu) return;
  if (from instanceof Node && menu.contains(from)) return;
  queueMicrotask(() => {
    if (document.activeElement !== menu) return;
    menu
      .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
      ?.focus({ preventScroll: true });
  });
}

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  onCloseAutoFocus,
  onFocus,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  const focusHandlers = useMenuFocusAfterPageChange(onCloseAutoFocus);
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'bg-popover text-popover-foreground data-[state=open]:animate-fade-in z-50 max-h-(--radix-dropdown-menu-content-available-height) overflow-x-hidden overflow-y-auto rounded-md border p-1 shadow-md motion-reduce:animate-none',
          className,
        )}
        {...props}
        {...focusHandlers}
        onFocus={(event) => {
          onFocus?.(event);
          focusFirstItemFromTheKeyboard(event);
        }}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item> & { variant?: 'default' | 'destructive' }) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        // The item under the keyboard is ringed: a background's tint alone is faint on the menu's.
        'focus-visible:ring-2',
        variant === 'destructive'
          ? 'text-destructive focus:bg-destructive/10 focus:text-destructive focus-visible:ring-destructive'
          : 'focus:bg-accent focus:text-accent-foreground focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label className={cn('px-2 py-1.5 text-sm', className)} {...props} />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      className={cn('bg-border -mx-1 my-1 h-px', className)}
      {...props}
    />
  );
}
