import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SignedInSupporter } from '../../common/supporters';
import { formatDayOf } from '../../common/dates';

const capitalise = (word: string | undefined) => (word ? word.charAt(0).toLocaleUpperCase() + word.slice(1) : '');

/** Spec §2 My Dashboard. */
export function ProfileCard({ user, children }: { user: SignedInSupporter; children?: ReactNode }) {
  const [avatarFailed, setAvatarFailed] = useState(false);
  const name = `${capitalise(user.first)} ${capitalise(user.last)}`.trim();
  const initials = `${capitalise(user.first).charAt(0)}${capitalise(user.last).charAt(0)}` || '?';
  // A long address may break before its @ on a narrow card.
  const email = user.email ?? '';
  const at = email.lastIndexOf('@');
  const [mailbox, domain] = at > 0 ? [email.slice(0, at), email.slice(at + 1)] : [email, ''];
  return (
    <section aria-labelledby="profile-heading" className="self-start rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      {user.avatar && !avatarFailed ? (
        <img
          src={user.avatar}
          alt={`Profile picture of ${name}`}
          width={112}
          height={112}
          referrerPolicy="no-referrer"
          onError={() => setAvatarFailed(true)}
          className="mx-auto h-28 w-28 rounded-full border-4 border-brand-100 object-cover"
        />
      ) : (
        <span
          role="img"
          aria-label={`Initials of ${name}`}
          className="mx-auto flex h-28 w-28 items-center justify-center rounded-full bg-brand-700 text-4xl font-bold text-white"
        >
          {initials}
        </span>
      )}
      <h2 id="profile-heading" className="mt-4 text-2xl font-bold text-brand-800">
        {name}
      </h2>
      <p className="mt-1 text-slate-700">Joined {formatDayOf(user.date)}</p>
      <p className="mt-3 text-slate-800 [overflow-wrap:anywhere]">
        {mailbox}
        {domain ? (
          <>
            <wbr />@{domain}
          </>
        ) : null}
      </p>
      <p className="text-slate-700">@{user.username}</p>
      {children}
      <p className="mt-4">
        <Link to="/account" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Edit your account
        </Link>
      </p>
    </section>
  );
}
