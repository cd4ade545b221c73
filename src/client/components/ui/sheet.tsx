import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';
import { Dialog } from './dialog.tsx';
import { useReturnFocus } from './use-return-focus.ts';

/** A drawer is a dialog at the edge: its root is the dialog's (Back closes it too). */
export const Sheet = Dialog;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

/** A panel that slides in from the left edge, on top of a dimmed page. */
export function SheetContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  // Closed, back to the trigger that opened it, unless a link in it went to another page.
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, toOpener: false });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out fixed inset-0 z-50 bg-black/50 motion-reduce:animate-none" />
      <DialogPrimitive.Content
        className={cn(
          'bg-sidebar text-sidebar-foreground data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out fixed inset-y-0 left-0 z-50 flex h-full w-3/4 max-w-xs flex-col border-r shadow-lg outline-none motion-reduce:animate-none',
          className,
        )}
        {...props}
        {...focusHandlers}
      >
        {children}
        <DialogPrimitive.Close className="focus-visible:ring-ring hover:bg-accent absolute top-3 right-3 rounded-md p-1.5 opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2">
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close menu</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-semibold', className)} {...props} />;
}
