import * as Dialog from '@radix-ui/react-dialog';
import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ABOUT_LINKS, ACCOUNT_LINKS, MAIN_LINKS, isActivePath, type AccountLinkItem, type NavLinkItem } from './navigation';
import type { Site } from '../../common/content';
import { DonateButton } from '../donations/DonateButton';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../ui/icons';

const desktopLinkClass = (active: boolean) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${active ? 'bg-brand-700 text-white' : 'text-brand-900 hover:bg-brand-100'}`;

/** A Radix menu link around a router Link; Radix sets aria-current when `active`. */
function MenuLink({ link }: { link: NavLinkItem }) {
  const { pathname } = useLocation();
  const active = isActivePath(link.to, pathname);
  return (
    <NavigationMenu.Link asChild active={active}>
      <Link to={link.to} className={desktopLinkClass(active)}>
        {link.label}
      </Link>
    </NavigationMenu.Link>
  );
}

function Logo({ site, compact = false }: { site: Site | null; compact?: boolean }) {
  // The accessible name starts with the visible text (WCAG 2.5.3), then says where it goes.
  return (
    <Link to="/" className="flex items-center gap-3 rounded-md" aria-label={`${site?.shortName ?? 'Home'}, home page`}>
      {site ? <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt="" className={compact ? 'h-10 w-10' : 'h-14 w-14'} /> : null}
      <span className={`font-semibold leading-tight text-brand-800 ${compact ? 'text-base' : 'text-xl'}`}>{site?.shortName ?? 'Home'}</span>
    </Link>
  );
}

// Radix opens a sub-menu on hover and toggles it on click, so a hover followed by a click
// closes it again. Opening on click (and Enter/Space) only makes one press always open it.
const ignorePointer = (event: { preventDefault(): void }) => event.preventDefault();

function DesktopNav() {
  const { pathname } = useLocation();
  const inAbout = ABOUT_LINKS.some((link) => isActivePath(link.to, pathname));
  return (
    <NavigationMenu.Root aria-label="Main" className="relative hidden desk:block">
      <NavigationMenu.List className="flex flex-wrap items-center justify-center gap-1">
        <NavigationMenu.Item>
          <MenuLink link={{ label: 'Home', to: '/' }} />
        </NavigationMenu.Item>
        <NavigationMenu.Item className="relative">
          <NavigationMenu.Trigger
            onPointerMove={ignorePointer}
            onPointerLeave={ignorePointer}
            className={`group flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-100 data-[state=open]:bg-brand-100 ${
              inAbout ? 'text-brand-700 underline decoration-2 underline-offset-4' : 'text-brand-900'
            }`}
          >
            About
            <ChevronDownIcon className="h-4 w-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content
            onPointerEnter={ignorePointer}
            onPointerLeave={ignorePointer}
            className="absolute top-full left-0 z-30 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul>
              {ABOUT_LINKS.map((link) => (
                <li key={link.to}>
                  <MenuLink link={link} />
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {MAIN_LINKS.map((link) => (
          <NavigationMenu.Item key={link.to}>
            <MenuLink link={link} />
          </NavigationMenu.Item>
        ))}
        {ACCOUNT_LINKS.map((link) => (
          <NavigationMenu.Item key={link.to} data-auth-only={link.audience}>
            <MenuLink link={link} />
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

function MobileMenu({ site }: { site: Site | null }) {
  const [open, setOpen] = useState(false);
  const item = (link: NavLinkItem | AccountLinkItem, indent = false) => (
    <li key={link.to} data-auth-only={'audience' in link ? link.audience : undefined}>
      <NavLink
        to={link.to}
        end={link.to === '/'}
        onClick={() => setOpen(false)}
        className={({ isActive }) =>
          `block rounded-md px-3 py-3 text-base font-medium ${indent ? 'pl-6' : ''} ${
            isActive ? 'bg-brand-700 text-white' : 'text-brand-900 hover:bg-brand-100'
          }`
        }
      >
        {link.label}
      </NavLink>
    </li>
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md p-2 text-brand-800 hover:bg-brand-100" aria-label="Open menu">
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-overlay fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="menu-panel fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white p-4 shadow-2xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-brand-800">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Links to every page of {site?.shortName ?? 'the site'}</Dialog.Description>
          <nav aria-label="Mobile" className="mt-4">
            <ul className="space-y-1">
              {item({ label: 'Home', to: '/' })}
              <li>
                <span className="block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase" id="mobile-about">
                  About
                </span>
                <ul aria-labelledby="mobile-about">{ABOUT_LINKS.map((l) => item(l, true))}</ul>
              </li>
              {[...MAIN_LINKS, ...ACCOUNT_LINKS].map((l) => item(l))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function SiteHeader({ site }: { site: Site | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      {/* Narrow screens (768 px and less): logo, Donate and the slide-out menu. */}
      <div className="flex items-center justify-between gap-2 px-4 py-2 desk:hidden">
        <Logo site={site} compact />
        <div className="flex items-center gap-2">
          <DonateButton className="text-sm" />
          <MobileMenu site={site} />
        </div>
      </div>
      <div className="mx-auto hidden max-w-6xl flex-col items-center gap-3 px-4 pt-4 pb-3 desk:flex">
        <Logo site={site} />
        <DesktopNav />
      </div>
    </header>
  );
}
