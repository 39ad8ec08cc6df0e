import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { ABOUT_LINKS, ACCOUNT_LINKS, HOME_LINK, MAIN_LINKS, isActivePath, type AccountLinkItem, type NavLinkItem } from './navigation';
import type { Site } from '../../common/content';
import { DonateBar } from './DonateBar';
import { disclosureMenus } from './disclosure-menus';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../ui/icons';

/*
 * Both menus work without JavaScript (<details> and a popover); once hydrated, the script only
 * closes them on navigation, Escape, an outside click and focus leaving.
 */

const desktopLinkClass = (active: boolean) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${active ? 'bg-brand-700 text-white' : 'text-brand-900 hover:bg-brand-100'}`;

const mobileLinkClass = (active: boolean, indent: boolean) =>
  `block rounded-md px-3 py-3 text-base font-medium ${indent ? 'pl-6' : ''} ${active ? 'bg-brand-700 text-white' : 'text-brand-900 hover:bg-brand-100'}`;

function MenuLink({ link, className, onClick }: { link: NavLinkItem; className: (active: boolean) => string; onClick?: () => void }) {
  const active = isActivePath(link.to, useLocation().pathname);
  return (
    <Link to={link.to} aria-current={active ? 'page' : undefined} className={className(active)} onClick={onClick}>
      {link.label}
    </Link>
  );
}

/** Not on the first render: the header stays mounted across navigations, and a menu opened before hydration stays open. */
function useCloseOnNavigation(close: () => void) {
  const current = useLocation().key;
  const key = useNavigation().location?.key ?? current;
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    close();
  }, [key, close]);
}


function Logo({ site, compact = false }: { site: Site | null; compact?: boolean }) {
  // WCAG 2.5.3: the accessible name starts with the visible text.
  return (
    <Link to="/" className="flex items-center gap-3 rounded-md" aria-label={`${site?.shortName ?? 'Home'}, home page`}>
      {site ? <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt="" className={compact ? 'h-10 w-10' : 'h-14 w-14'} /> : null}
      <span className={`font-semibold leading-tight text-brand-800 ${compact ? 'text-base' : 'text-xl'}`}>{site?.shortName ?? 'Home'}</span>
    </Link>
  );
}

/** A native disclosure, so it opens with or without JavaScript. */
function AboutMenu() {
  const { pathname } = useLocation();
  const inAbout = ABOUT_LINKS.some((link) => isActivePath(link.to, pathname));
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (details.current) details.current.open = false;
  };
  useCloseOnNavigation(close);
  useEffect(() => disclosureMenus(document), []);
  return (
    <details ref={details} data-menu="" className="group relative">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium select-none hover:bg-brand-100 group-open:bg-brand-100 [&::-webkit-details-marker]:hidden ${
          inAbout ? 'text-brand-700 underline decoration-2 underline-offset-4' : 'text-brand-900'
        }`}
      >
        About
        <ChevronDownIcon className="h-4 w-4 transition-transform duration-200 group-open:rotate-180" />
      </summary>
      <ul className="absolute top-full left-0 z-30 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        {ABOUT_LINKS.map((link) => (
          <li key={link.to}>
            <MenuLink link={link} className={desktopLinkClass} onClick={close} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden desk:block">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <MenuLink link={HOME_LINK} className={desktopLinkClass} />
        </li>
        <li>
          <AboutMenu />
        </li>
        {MAIN_LINKS.map((link) => (
          <li key={link.to}>
            <MenuLink link={link} className={desktopLinkClass} />
          </li>
        ))}
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to} data-auth-only={link.audience}>
            <MenuLink link={link} className={desktopLinkClass} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

const MOBILE_MENU_ID = 'site-menu';

/** Browsers without popovers (before Safari 17) would throw on `:popover-open`. */
const isOpenPopover = (element: HTMLElement | null): element is HTMLElement => !!element && 'hidePopover' in element && element.matches(':popover-open');

/** A popover (Escape closes it natively); the overlay is a hide button, so a tap closes it without JavaScript. */
function MobileMenu({ site }: { site: Site | null }) {
  const popover = useRef<HTMLDivElement>(null);
  const close = () => {
    if (isOpenPopover(popover.current)) popover.current.hidePopover();
  };
  useCloseOnNavigation(close);
  const item = (link: NavLinkItem | AccountLinkItem, indent = false) => (
    <li key={link.to} data-auth-only={'audience' in link ? link.audience : undefined}>
      <MenuLink link={link} className={(active) => mobileLinkClass(active, indent)} onClick={close} />
    </li>
  );
  return (
    <>
      <button type="button" popoverTarget={MOBILE_MENU_ID} className="rounded-md p-2 text-brand-800 hover:bg-brand-100" aria-label="Open menu">
        <MenuIcon />
      </button>
      <div
        id={MOBILE_MENU_ID}
        ref={popover}
        popover="auto"
        data-menu=""
        className="site-menu fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-hidden border-0 bg-transparent p-0 text-slate-800"
      >
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          tabIndex={-1}
          aria-hidden="true"
          className="menu-overlay absolute inset-0 h-full w-full bg-slate-900/50"
        />
        <div
          role="dialog"
          aria-labelledby="site-menu-title"
          aria-describedby="site-menu-description"
          className="menu-panel absolute inset-y-0 right-0 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white p-4 shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <h2 id="site-menu-title" className="text-lg font-semibold text-brand-800">
              Menu
            </h2>
            {/* Like a dialog, the open menu takes focus (the browser moves it to the autofocus element). */}
            <button
              type="button"
              autoFocus
              popoverTarget={MOBILE_MENU_ID}
              popoverTargetAction="hide"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
              aria-label="Close menu"
            >
              <CloseIcon />
            </button>
          </div>
          <p id="site-menu-description" className="sr-only">
            Links to every page of {site?.shortName ?? 'the site'}
          </p>
          <nav aria-label="Mobile" className="mt-4">
            <ul className="space-y-1">
              {item(HOME_LINK)}
              <li>
                <span className="block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase" id="mobile-about">
                  About
                </span>
                <ul aria-labelledby="mobile-about">{ABOUT_LINKS.map((l) => item(l, true))}</ul>
              </li>
              {[...MAIN_LINKS, ...ACCOUNT_LINKS].map((l) => item(l))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}

export function SiteHeader({ site }: { site: Site | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      {/* Narrow screens (768 px and less): logo, the donate bar as one Donate button, and the slide-out menu. */}
      <div className="flex items-center justify-between gap-2 px-4 py-2 desk:hidden">
        <Logo site={site} compact />
        <div className="flex items-center gap-2">
          <DonateBar compact />
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
