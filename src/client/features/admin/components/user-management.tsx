import { CircleAlert, Plus, SearchX, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminUser } from '#shared/schemas/admin.ts';
import { PageHeader } from '#client/components/page-header.tsx';
import { Settling } from '#client/components/settling.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadMoreButton } from '#client/components/load-more-button.tsx';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { useUsersInfinite } from '../api/get-users.ts';
import { ChangeRoleDialog } from './change-role-dialog.tsx';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { UserCard } from './user-card.tsx';
import { UserSearchField, useUserSearch } from './user-search.tsx';

const GRID = 'grid gap-4 md:grid-cols-2 xl:grid-cols-3';

/** How many accounts a search found, as far as the list has read: '50+' while more pages wait. */
function matchCount(count: number, hasMore: boolean) {
  if (hasMore) return `${count}+ users match`;
  return count === 1 ? '1 user matches' : `${count} users match`;
}

/** The User Management screen: the accounts as cards, and the dialogs that change them. */
export function UserManagement({ currentUserId }: { currentUserId: number }) {
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [changingRole, setChangingRole] = useState<AdminUser | null>(null);
  // Kept while a dialog closes, so its text does not change under the closing animation.
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isRoleOpen, setRoleOpen] = useState(false);
  const { search, text, setText, apply, clear } = useUserSearch();

  return (
    <div className="grid gap-6">
      <PageHeader
        title="User Management"
        description="Manage user accounts and access to the trading platform"
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={paths.team}>
                <UsersRound aria-hidden="true" />
                Team discipline
              </Link>
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create User
            </Button>
          </>
        }
      />
      <UserSearchField text={text} setText={setText} apply={apply} />
      <UsersGrid
        search={search}
        onClearSearch={clear}
        currentUserId={currentUserId}
        onCreate={() => setCreating(true)}
        onDelete={(user) => {
          setDeleting(user);
          setDeleteOpen(true);
        }}
        onChangeRole={(user) => {
          setChangingRole(user);
          setRoleOpen(true);
        }}
      />
      <CreateUserDialog open={isCreating} onOpenChange={setCreating} />
      <DeleteUserDialog open={isDeleteOpen} onOpenChange={setDeleteOpen} user={deleting} />
      <ChangeRoleDialog open={isRoleOpen} onOpenChange={setRoleOpen} user={changingRole} />
    </div>
  );
}

type UsersGridProps = {
  search: string;
  onClearSearch: () => void;
  currentUserId: number;
  onCreate: () => void;
  onDelete: (user: AdminUser) => void;
  onChangeRole: (user: AdminUser) => void;
};

/**
 * The list, under one status line that every state of it keeps, so that a screen reader hears
 * each new answer to a search (a live region added with its words is often not read out).
 */
function UsersGrid(props: UsersGridProps) {
  const query = useUsersInfinite(props.search);
  // While another search is read, the last one's list stays: what it answers is said.
  const shownSearch = query.data?.pages[0]?.search ?? props.search;
  const users = query.data?.pages.flatMap((page) => page.users);
  // Whether more of the shown search waits, from its own pages: the query's `hasNextPage` is
  // the next search's meanwhile, which has none yet ('50 users match' of a '50+' list).
  const hasMore = Boolean(query.data?.pages.at(-1)?.nextCursor);
  const message =
    !users || !shownSearch
      ? ''
      : users.length === 0
        ? `No users match “${shownSearch}”`
        : matchCount(users.length, hasMore);
  return (
    <div className="grid gap-4">
      {/* Seen with a list; heard only, when the empty result below says it in its own words. */}
      <p
        role="status"
        className={cn('text-muted-foreground text-sm', (!message || !users?.length) && 'sr-only')}
      >
        {message}
      </p>
      <UsersList {...props} query={query} shownSearch={shownSearch} />
    </div>
  );
}

function UsersList({
  query,
  shownSearch,
  onClearSearch,
  currentUserId,
  onCreate,
  onDelete,
  onChangeRole,
}: UsersGridProps & { query: ReturnType<typeof useUsersInfinite>; shownSearch: string }) {
  const {
    data,
    isPending,
    isPlaceholderData,
    refetch,
    isRefetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = query;

  if (isPending) {
    return (
      <div role="status" aria-label="Loading users" className={GRID}>
        {[0, 1, 2].map((key) => (
          <Card key={key} className="grid gap-4 p-4 sm:p-6">
            <div className="flex items-center gap-3">
              <Skeleton shape="round" className="size-12" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
            <Skeleton className="h-3 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </Card>
        ))}
      </div>
    );
  }

  if (!data) {
    return (
      <Card className="px-4 py-4">
        <EmptyState icon={<CircleAlert className="text-destructive size-6" />}>
          <p className="text-muted-foreground">The users could not be loaded.</p>
          <TryAgainButton retry={{ refetch, isFetching: isRefetching }} />
        </EmptyState>
      </Card>
    );
  }

  const users = data.pages.flatMap((page) => page.users);
  if (users.length === 0 && shownSearch) {
    return (
      <Settling isBusy={isPlaceholderData} className="grid gap-4">
        <Card className="px-4 py-4">
          <EmptyState icon={<SearchX className="size-6" />}>
            <h2 className="text-lg font-semibold wrap-anywhere">No users match “{shownSearch}”</h2>
            <p className="text-muted-foreground">
              Search by a part of a name, username, email or company.
            </p>
            <Button variant="outline" onClick={onClearSearch}>
              Clear search
            </Button>
          </EmptyState>
        </Card>
      </Settling>
    );
  }
  if (users.length === 0) {
    return (
      <Card className="px-4 py-4">
        <EmptyState icon={<Users className="size-6" />}>
          <h2 className="text-lg font-semibold">No users found</h2>
          <p className="text-muted-foreground">Get started by creating your first user account</p>
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            Create First User
          </Button>
        </EmptyState>
      </Card>
    );
  }

  return (
    <Settling isBusy={isPlaceholderData} className="grid gap-4">
      <ul aria-label="Users" className={GRID}>
        {users.map((user) => (
          <li key={user.id}>
            <UserCard
              user={user}
              isSelf={user.id === currentUserId}
              onDelete={onDelete}
              onChangeRole={onChangeRole}
            />
          </li>
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        pageCount={data?.pages.length ?? 0}
      />
    </Settling>
  );
}
