import { useEffect } from 'react';
import { useAppInfo } from '#client/features/app-info/api/get-app-info.ts';

/** Sets the browser tab title to "{screen} · {product}". */
export function usePageTitle(screen: string) {
  const { appInfo } = useAppInfo();
  useEffect(() => {
    document.title = `${screen} · ${appInfo.name}`;
  }, [screen, appInfo.name]);
}
