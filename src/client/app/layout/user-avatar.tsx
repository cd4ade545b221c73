import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.tsx';
import { cn } from '#client/lib/utils.ts';

type UserAvatarProps = { name: string; src: string | null; className?: string };

/** The user's picture; the first letter of the name, upper-cased, until (or unless) it loads. */
export function UserAvatar({ name, src, className }: UserAvatarProps) {
  const initial = (Array.from(name.trim())[0] ?? 'U').toUpperCase();
  return (
    <Avatar className={cn('size-10', className)}>
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback>{initial}</AvatarFallback>
    </Avatar>
  );
}
