import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { useThemeSync } from '#client/lib/use-theme-sync.ts';

/** Puts the page in the logged-in user's theme (lib/theme.ts); renders nothing. */
export function ThemeSync() {
  const { user } = useAuth();
  useThemeSync(user?.preferences.theme);
  return null;
}
