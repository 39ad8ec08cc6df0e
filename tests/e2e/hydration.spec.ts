import type { Page } from '@playwright/test';
import { signedIn } from './accounts';
import { EVENTS } from './content';
import { expect, holdScripts, hydrate, test } from './fixtures';
import { loadsReact, PUBLIC_ROUTES } from './routes';

/**
 * ADR 042: React hydrates the page the server rendered (or, on a page without scripts, the
 * Donation Form's island hydrates the dialog's contents). It must take the server's HTML over as
 * it is: one <html>, the head and its stylesheet kept, every element the server sent reused (a
 * mismatch is also an error React reports, which fails any test), and ids that still match their
 * references when the page changes afterwards.
 */

/** Id references that point nowhere: `attribute -> id` for each. */
const danglingReferences = (page: Page) =>
  page.evaluate(() => {
    const single = ['for', 'list', 'form', 'popovertarget', 'aria-activedescendant', 'aria-errormessage', 'aria-details'];
    const lists = ['aria-describedby', 'aria-labelledby', 'aria-controls', 'aria-owns', 'aria-flowto', 'headers'];
    const broken: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const name of [...single, ...lists]) {
        const value = element.getAttribute(name);
        if (value === null || (name === 'form' && !(element instanceof HTMLElement && 'form' in element))) continue;
        const ids = lists.includes(name) ? value.split(/\s+/).filter(Boolean) : [value];
        for (const id of ids) if (!document.getElementById(id)) broken.push(`<${element.localName}> ${name} -> ${id}`);
      }
      const href = element.getAttribute('href');
      if (element.localName === 'a' && href && /^#./.test(href) && !document.getElementById(decodeURIComponent(href.slice(1)))) broken.push(`<a> href -> ${href}`);
    }
    return broken;
  });

interface Marked {
  head: string[];
  stylesheets: string[];
  elements: number;
}

/** Reads the server's page before its JavaScript runs and marks every element of <body> (or of `within`). */
const markServerPage = (page: Page, within = 'body') =>
  page.evaluate((selector): Marked => {
    const kept = (element: Element) => !(element.localName === 'script' || (element.localName === 'link' && /preload|prefetch/.test(element.getAttribute('rel') ?? '')));
    // What stands in until the script runs (the card form's place, `data-pending`) goes once it has.
    const elements = [...document.querySelector(selector)!.querySelectorAll('*')].filter((element) => kept(element) && !element.closest('[data-pending]'));
    (window as unknown as { serverElements: Element[] }).serverElements = elements;
    return {
      head: [...document.head.children].filter(kept).map((element) => element.outerHTML),
      stylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
      elements: elements.length,
    };
  }, within);

const afterHydration = (page: Page) =>
  page.evaluate(() => {
    const serverElements = (window as unknown as { serverElements: Element[] }).serverElements;
    return {
      htmlElements: document.querySelectorAll('html').length,
      documentChildren: [...document.documentElement.children].map((element) => element.localName),
      head: [...document.head.children].map((element) => element.outerHTML),
      loadedStylesheets: [...document.styleSheets].map((sheet) => sheet.href).filter(Boolean),
      replaced: serverElements.filter((element) => !element.isConnected).map((element) => element.outerHTML.slice(0, 120)),
    };
  });

for (const route of PUBLIC_ROUTES.filter(loadsReact)) {
  test(`${route} hydrates onto the server's page as it is, ids included @desktop`, async ({ page }) => {
    // The scripts wait until the server's page is marked.
    const release = await holdScripts(page);
    await page.goto(route, { waitUntil: 'commit' });
    await expect(page.locator('footer')).toBeAttached();
    const server = await markServerPage(page);
    expect(server.stylesheets.length, 'the page has its stylesheet').toBeGreaterThan(0);
    release();
    await hydrate(page);
    const hydrated = await afterHydration(page);
    expect(hydrated.htmlElements, 'one <html>').toBe(1);
    expect(hydrated.documentChildren).toEqual(['head', 'body']);
    expect(hydrated.head, 'every element of the server head is kept').toEqual(expect.arrayContaining(server.head));
    expect(hydrated.loadedStylesheets).toEqual(expect.arrayContaining(server.stylesheets));
    expect(hydrated.replaced, 'server elements replaced while hydrating').toEqual([]);
    expect(await danglingReferences(page)).toEqual([]);
  });
}

for (const route of PUBLIC_ROUTES.filter((route) => !loadsReact(route)).slice(0, 2)) {
  test(`on ${route}, the Donation Form's island hydrates onto the dialog as the server wrote it @desktop`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(route);
    const server = await markServerPage(page, '#donation-form');
    expect(server.elements, 'the dialog holds the form').toBeGreaterThan(10);
    await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
    release();
    const dialog = page.getByRole('dialog', { name: 'Donation Form' });
    // The card form comes with the island: Confirm is enabled once it runs.
    await expect(dialog.getByRole('button', { name: 'Give', exact: true })).toBeEnabled();
    const hydrated = await afterHydration(page);
    expect(hydrated.replaced, 'server elements replaced while hydrating').toEqual([]);
    expect(hydrated.htmlElements, 'one <html>').toBe(1);
    expect(await danglingReferences(page)).toEqual([]);
    // The rest of the page stays as HTML: React runs only in the dialog.
    await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  });
}

test('ids still match after the page changes: the sign-up form and its errors, the donation form @desktop', async ({ page }) => {
  // Sign-up is for account holders.
  await signedIn(page);
  await page.goto(`/events/${EVENTS.golf.eventNumber}`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const signup = page.getByRole('dialog', { name: /sign-up/ });
  await expect(signup).toBeVisible();
  expect(await danglingReferences(page)).toEqual([]);
  const name = signup.getByRole('group', { name: 'Player 1' }).getByLabel('Name');
  // Player 1 starts as the account holder (issue 33): emptied, it is the first error.
  await name.fill('');
  await signup.getByRole('button', { name: 'Confirm' }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Player 1 name is required\./);
  expect(await danglingReferences(page)).toEqual([]);

  await page.goto('/');
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const donation = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(donation).toBeVisible();
  await donation.getByRole('button', { name: 'Give', exact: true }).click();
  await expect(donation.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
  expect(await danglingReferences(page)).toEqual([]);
});
