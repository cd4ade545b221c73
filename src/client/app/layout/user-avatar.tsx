import {
  Avatar,
  AvatarFallback,
  AvatarImage,
  type AvatarSize,
} from '#client/components/ui/avatar.tsx';

type UserAvatarProps = { name: string; src: string | null; size?: AvatarSize };

/** The user's picture; the first letter of the name, upper-cased, until (or unless) it loads. */
export function UserAvatar({ name, src, size }: UserAvatarProps) {
  const initial = (Array.from(name.trim())[0] ?? 'U').toUpperCase();
  return (
    <Avatar size={size}>
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback>{initial}</AvatarFallback>
    </Avatar>
  );
}
