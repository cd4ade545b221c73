/** What the browser can do about notifications here: 'unsupported' when it has none at all. */
export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

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
  new Notification(title, options);
}
