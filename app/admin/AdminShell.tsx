import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { StaffMember, StaffRole } from '../../common/back-office';
import { Button, StaffForm } from './forms';

const EVERYONE_BUT_REVIEWERS: StaffRole[] = ['admin', 'volunteer'];
const ADMINS: StaffRole[] = ['admin'];

/** Reviewers see only the scholarship part (ADR 051); volunteers never see applications. */
const LINKS: { to: string; label: string; roles: StaffRole[]; end?: boolean }[] = [
  { to: '/admin', label: 'Overview', end: true, roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/donations', label: 'Donations', roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/events', label: 'Events', roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/announcements', label: 'Announcements', roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/campaigns', label: 'Campaigns', roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/pages', label: 'Pages', roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/media', label: 'Media', roles: EVERYONE_BUT_REVIEWERS },
  { to: '/admin/scholarship', label: 'Scholarship', roles: ['admin', 'reviewer'] },
  { to: '/admin/giving', label: 'Giving', roles: ADMINS },
  { to: '/admin/staff', label: 'Staff', roles: ADMINS },
  { to: '/admin/audit', label: 'Audit log', roles: ADMINS },
];

/** The back office's frame: its own header and navigation, nothing of the public site's. */
export function AdminShell({ siteName, staff, enrolling, children }: { siteName: string; staff: StaffMember; enrolling: boolean; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800"
      >
        Skip to content
      </a>
      <header className="border-b border-brand-900 bg-brand-800 text-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-bold leading-snug sm:text-lg">
            {siteName}{' '}
            <span className="block whitespace-nowrap text-sm font-normal text-brand-100 sm:inline sm:text-base">
              <span aria-hidden="true" className="hidden sm:inline">
                ·{' '}
              </span>
              Back office
            </span>
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              <span className="hidden md:inline">{staff.email} </span>
              <span className="rounded bg-brand-900 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">{staff.role}</span>
            </span>
            <NavLink to="/admin/security" className="inline-flex min-h-11 items-center px-1 underline underline-offset-2 hover:text-brand-100">
              Security
            </NavLink>
            <StaffForm action="/admin/logout" reloadDocument>
              <Button variant="secondary" className="py-1">
                Sign out
              </Button>
            </StaffForm>
          </div>
        </div>
        {enrolling ? null : (
          <nav aria-label="Back office" className="mx-auto max-w-6xl px-2">
            <ul className="flex flex-wrap gap-x-1">
              {LINKS.filter((link) => link.roles.includes(staff.role)).map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center whitespace-nowrap border-b-4 px-3 pt-1 text-sm font-semibold ${isActive ? 'border-white text-white' : 'border-transparent text-brand-100 hover:text-white'}`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="admin-main" className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}

/** A page's heading row: title, optional lead text and actions (exports, filters). */
export function AdminPageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {lead ? <p className="mt-1 text-slate-700">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** What a list shows while it has nothing in it: a dashed box that says so and what to do next. */
export function EmptyState({ title, children, className = '' }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={`rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-8 text-center ${className}`}>
      <p className="font-semibold text-slate-800">{title}</p>
      {children ? <p className="mx-auto mt-1 max-w-prose text-sm text-slate-700">{children}</p> : null}
    </div>
  );
}
