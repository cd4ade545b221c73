/** What the browser can do about notifications here: 'unsupported' when it has none at all. */
export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The page's own notifications still open (shown where there was no service worker). */
const pageNotifications = new Set<Notification>();

/**
 * Shows a notification through the service worker when there is one (the only way on Android,
 * and it outlives the page), else as a page notification; nothing without permission. Two
 * notifications with the same tag (two tabs reminding of one thing) replace each other.
 */
export async function showNotification(title: string, body: string, tag: string): Promise<void> {
  if (notificationState() !== 'granted') return;
  const options: NotificationOptions = { body, tag, icon: '/icon-192.png', badge: '/icon-192.png' };
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration?.active) {
    try {
      await registration.showNotification(title, options);
      return;
    } catch {
      // A worker being replaced can refuse: the page shows it instead.
    }
  }
  const notification = new Notification(title, options);
  pageNotifications.add(notification);
  notification.addEventListener('close', () => pageNotifications.delete(notification));
}

/**
 * Closes the notifications the app has shown, which carry the trader's rule notes: when the
 * login ends, the next person at the computer must not read them in the system's notification
 * centre, where the worker's stay after the page has gone.
 */
export async function closeNotifications(): Promise<void> {
  for (const notification of pageNotifications) notification.close();
  pageNotifications.clear();
  if (notificationState() === 'unsupported') return;
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const shown = (await registration?.getNotifications().catch(() => undefined)) ?? [];
  for (const notification of shown) notification.close();
}
