import { useState } from 'react';
import type { User } from '../../../../sync/schemas/user';

function initials(user: User): string {
  const source = user.fullName.trim() || user.email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[parts.length - 1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

export function Avatar({ user }: { user: User }) {
  // NOTE: a private upload cannot be fetched by an <img> (no bearer token); initials stand in then.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  if (user.image && user.image !== failedImage) {
    const image = user.image;
    return <img className="avatar" src={image} alt="" width={36} height={36} onError={() => setFailedImage(image)} />;
  }
  return (
    <span className="avatar" aria-hidden="true">
      {initials(user)}
    </span>
  );
}
