import { format } from 'date-fns';
import { ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import type { AdminUser } from '#shared/schemas/admin.ts';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';

type UserCardProps = {
  user: AdminUser;
  /** The administrator's own card: no delete, no demote. */
  isSelf: boolean;
  onDelete: (user: AdminUser) => void;
  onChangeRole: (user: AdminUser) => void;
};

/** 'Mar 14, 2026': the day the account was made, in the viewer's own time zone. */
function formatCreated(createdAt: string) {
  return format(new Date(createdAt), 'MMM d, yyyy');
}

/** One account in the administrator's grid. */
export function UserCard({ user, isSelf, onDelete, onChangeRole }: UserCardProps) {
  const initial = (Array.from(user.fullName.trim())[0] ?? 'U').toUpperCase();
  const titleId = `user-${user.id}-name`;
  return (
    <Card role="region" aria-labelledby={titleId} className="flex h-full flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <Avatar size="lg">
          {user.avatar ? <AvatarImage src={user.avatar} alt="" /> : null}
          <AvatarFallback>{initial}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {user.fullName}
          </h2>
          <p className="text-muted-foreground truncate text-sm">@{user.username}</p>
          {isSelf || user.isAdmin ? (
            <div className="mt-2 flex flex-wrap gap-1">
              {user.isAdmin ? (
                <Tag className="bg-primary/10 text-primary">Administrator</Tag>
              ) : null}
              {isSelf ? <Tag>You</Tag> : null}
            </div>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex min-w-0 gap-2">
          <dt className="sr-only">Email</dt>
          <dd className="truncate">{user.email}</dd>
        </div>
        {user.companyName ? (
          <div className="flex min-w-0 gap-2">
            <dt className="sr-only">Company</dt>
            <dd className="text-muted-foreground truncate">{user.companyName}</dd>
          </div>
        ) : null}
        <div className="text-muted-foreground flex gap-1">
          <dt>Created</dt>
          <dd>{formatCreated(user.createdAt)}</dd>
        </div>
      </dl>
      {isSelf ? null : (
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          {/* Each name begins with the button's visible words, which voice control users say. */}
          <Button
            variant="outline"
            size="sm"
            aria-label={
              user.isAdmin
                ? `Remove administrator rights from ${user.username}`
                : `Make administrator ${user.username}`
            }
            onClick={() => onChangeRole(user)}
          >
            {user.isAdmin ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            {user.isAdmin ? 'Remove administrator' : 'Make administrator'}
          </Button>
          <Button
            variant="ghost-destructive"
            size="icon"
            aria-label={`Delete user ${user.username}`}
            onClick={() => onDelete(user)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </Card>
  );
}

function Tag({
  children,
  className = 'bg-muted text-muted-foreground',
}: {
  children: string;
  className?: string;
}) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${className}`}>
      {children}
    </span>
  );
}
