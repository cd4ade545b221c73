import { useCallback, useEffect, useState } from 'react';
import { notificationState, type NotificationState } from './notifications.ts';

/**
 * The browser's notification permission for this site, kept current (the trader may change it
 * in the site settings while the page is open), and the request that asks for it.
 */
export function useNotificationPermission() {
  const [state, setState] = useState<NotificationState>(notificationState);

  useEffect(() => {
    let status: PermissionStatus | undefined;
    const update = () => setState(notificationState());
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((result) => {
        status = result;
        status.addEventListener('change', update);
      })
      .catch(() => {
        // No Permissions API: the state is read again after each request.
      });
    return () => status?.removeEventListener('change', update);
  }, []);

  const request = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    setState(await Notification.requestPermission());
  }, []);

  return { state, request };
}
