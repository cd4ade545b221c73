import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.tsx';
import { TOAST_DURATION_MS, toastDuration } from './toast-duration.ts';
import { useToast } from './use-toast.ts';

/**
 * Shows the current toast: 5 s, or as long as its words take to read; swipe right past 50 px to
 * dismiss, F8 to focus (as observed).
 */
export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} duration={toastDuration(title, description)} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
