import type { User } from '../../../../sync/schemas/user';

function initials(user: User): string {
  const source = user.fullName.trim() || user.email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[parts.length - 1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

export function Avatar({ user }: { user: User }) {
  return user.image ? (
    <img className="avatar" src={user.image} alt="" width={36} height={36} />
  ) : (
    <span className="avatar" aria-hidden="true">
      {initials(user)}
    </span>
  );
}
