import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, FocusEvent } from 'react';
import { useOpenClosedByBack } from '#client/lib/back-closes-dialogs.ts';
import { cn } from '#client/lib/utils.ts';
import { useReturnFocus } from './use-return-focus.ts';

/** A dialog's root. While it is open, Back closes it as Escape would (useOpenClosedByBack). */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const openState = useOpenClosedByBack({ open, defaultOpen, onOpenChange });
  return <DialogPrimitive.Root {...props} {...openState} />;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        'data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out fixed inset-0 z-50 bg-black/50 motion-reduce:animate-none',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A field that takes focus under a dialog's sticky footer is scrolled clear of it. The browser
 * scrolls a focused field into view only when it lies outside the scrolling box, and the
 * footer covers the box's foot (nor does it scroll one still partly in view, whatever the scroll
 * padding): the Notes, say, were left under the Save and Cancel bar.
 */
function scrollClearOfFooter(event: FocusEvent<HTMLDivElement>) {
  const footer = event.currentTarget.querySelector('[data-sticky-footer]');
  const field = event.target;
  if (!footer || !(field instanceof Element) || footer.contains(field)) return;
  // The keyboard's focus only: a click's focus comes as the button goes down, and a scroll
  // then would move what it is clicking from under the pointer (a checkbox's label).
  if (!field.matches(':focus-visible')) return;
  const covered = field.getBoundingClientRect().bottom - footer.getBoundingClientRect().top;
  if (covered > 0) event.currentTarget.scrollBy({ top: covered + 8, behavior: 'instant' });
}

/**
 * A centred dialog on a dimmed page; it scrolls when taller than 90% of the viewport. Closing
 * returns focus to the element that opened it. A `wide` one is for a picture.
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onFocus,
  wide = false,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { wide?: boolean }) {
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'bg-background data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border p-6 shadow-lg outline-none motion-reduce:animate-none',
          wide ? 'max-w-4xl' : 'max-w-lg',
          className,
        )}
        {...props}
        {...focusHandlers}
        onFocus={(event) => {
          onFocus?.(event);
          scrollClearOfFooter(event);
        }}
      >
        {children}
        <DialogPrimitive.Close className="focus-visible:ring-ring hover:bg-accent absolute top-3 right-3 rounded-md p-1.5 opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 disabled:pointer-events-none">
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close dialog</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

/**
 * The dialog's buttons: stacked on a phone, the main one on top, and in a row from `sm` up.
 * A `sticky` footer stays at the bottom of a dialog that scrolls, its buttons sharing one row
 * on every screen.
 */
export function DialogFooter({
  className,
  sticky = false,
  ...props
}: ComponentProps<'div'> & { sticky?: boolean }) {
  return (
    <div
      data-sticky-footer={sticky ? '' : undefined}
      className={cn(
        'flex gap-2 sm:justify-end',
        sticky
          ? 'bg-background sticky -bottom-6 -mx-6 -mb-6 flex-row border-t px-6 py-4 *:flex-1 sm:*:flex-none'
          : 'flex-col-reverse sm:flex-row',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg leading-tight font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
