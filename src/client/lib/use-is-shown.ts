import { useEffect, useRef } from 'react';

/**
 * Whether the component is still on screen, read when an answer comes: a form's refusal that
 * arrives after the trader has left its page names fields no longer shown, so it is told as a
 * toast instead (docs/decisions/0065).
 */
export function useIsShown(): { readonly current: boolean } {
  const isShown = useRef(false);
  useEffect(() => {
    isShown.current = true;
    return () => {
      isShown.current = false;
    };
  }, []);
  return isShown;
}
