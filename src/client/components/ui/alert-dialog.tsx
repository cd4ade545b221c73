import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useOpenClosedByBack } from '#client/lib/back-closes-dialogs.ts';
import { cn } from '#client/lib/utils.ts';
import { buttonVariants } from './button.tsx';
import { useReturnFocus } from './use-return-focus.ts';

/**
 * A confirmation that only its buttons, Escape or Back (useOpenClosedByBack) close: a click
 * outside does nothing.
 */
export function AlertDialog({
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Root>) {
  const openState = useOpenClosedByBack({ open, defaultOpen, onOpenChange });
  return <AlertDialogPrimitive.Root {...props} {...openState} />;
}
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

/** Closing returns focus to the element that opened it. */
export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out fixed inset-0 z-50 bg-black/50 motion-reduce:animate-none" />
      <AlertDialogPrimitive.Content
        className={cn(
          'bg-background data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border p-6 shadow-lg outline-none motion-reduce:animate-none',
          className,
        )}
        {...props}
        {...focusHandlers}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 text-left', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title
      className={cn('text-lg leading-tight font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      className={cn('text-muted-foreground text-sm wrap-anywhere', className)}
      {...props}
    />
  );
}

/** Closes the dialog when clicked. For an action that must wait for the server, use a Button. */
export function AlertDialogAction({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants(), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  );
}
