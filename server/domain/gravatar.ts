import { createHash } from 'node:crypto';

export function gravatarUrl(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  // d=404: the page shows initials instead of a stock picture.
  return `https://www.gravatar.com/avatar/${digest}?s=160&d=404`;
}
