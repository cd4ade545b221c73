import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { UserManagement } from '#client/features/admin/components/user-management.tsx';
import { usePageTitle } from '../use-page-title.ts';

/** Administrators only: the router wraps it in `ProtectedRoute requireAdmin`. */
export function AdminRoute() {
  usePageTitle('User Management');
  const { user } = useAuth();
  return user ? <UserManagement currentUserId={user.id} /> : null;
}
