import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { content, escapeRegExp } from './content';
import { expectNoSidewaysScrolling } from './page-checks';
import { expect, isPhone, test } from './fixtures';

/**
 * The seven content screens of spec §2 (About, Family, Staff, Golf Professionals, Sponsors,
 * Scholarship, Family of the Year) against the fixture content the test server runs on
 * (tests/fixtures/content). Fixed labels come from the spec; names, texts and counts from the fixture.
 */
const { cof, family, staff, golfers, sponsors, scholarship, site } = content;
const familyOfTheYear = content.family_of_the_year;

const PAGES = ['/cof', '/family', '/staff', '/golfers', '/sponsors', '/scholarship', '/family_of_the_year'] as const;
const GOFUNDME = 'Click to donate on GoFundMe!';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${iso}T12:00:00Z`));

const main = (page: Page) => page.getByRole('main');

async function expectSafeExternalLink(link: ReturnType<Page['getByRole']>, href: string) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test.describe('About (/cof)', () => {
  test('shows the logo, the description, the Advisory Directors and the Board members', async ({ page }) => {
    await page.goto('/cof');
    await expect(page.getByRole('heading', { level: 1, name: cof.heading })).toBeVisible();
    await expect(main(page).getByRole('img', { name: cof.logo.alt })).toBeVisible();
    for (const paragraph of cof.description) await expect(main(page).getByText(paragraph)).toBeVisible();

    const advisory = page.getByRole('region', { name: 'Advisory Directors' });
    await expect(advisory.getByRole('listitem')).toHaveText(cof.advisoryDirectors);

    const board = page.getByRole('region', { name: 'Board of Directors' });
    await expect(board.getByRole('listitem')).toHaveCount(cof.boardOfDirectors.length);
    for (const [i, member] of cof.boardOfDirectors.entries()) {
      await expect(board.getByRole('listitem').nth(i)).toContainText(member.name);
      await expect(board.getByRole('listitem').nth(i)).toContainText(member.role);
    }
    // The logo, then the family pictures staff keep in the content, each with its own text.
    const pictures = page.getByRole('region', { name: 'Family pictures' }).getByRole('img');
    await expect(pictures).toHaveCount(cof.familyCarousel.length);
    for (const [i, picture] of cof.familyCarousel.entries()) await expect(pictures.nth(i)).toHaveAccessibleName(picture.alt);
    await expect(main(page).getByRole('img')).toHaveCount(1 + cof.familyCarousel.length);
  });
});

test.describe('Family (/family)', () => {
  test('shows every memorial with photo, life dates, obituary and a safe memorial link', async ({ page }) => {
    await page.goto('/family');
    await expect(page.getByRole('heading', { level: 1, name: family.heading })).toBeVisible();
    await expect(main(page).getByText(family.intro)).toBeVisible();
    const memorials = main(page).getByRole('article');
    await expect(memorials).toHaveCount(family.memorials.length);
    // Dates are calendar dates: never shifted a day by the time zone. The fixture's first memorial
    // was born on a New Year's Day and died on a New Year's Eve, where a shift would show.
    await expect(memorials.first()).toContainText('January 1, 1950 – December 31, 2019');
    for (const [i, memorial] of family.memorials.entries()) {
      const card = memorials.nth(i);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(memorial.name);
      await expect(card.getByRole('img', { name: memorial.photo.alt })).toBeAttached();
      await expect(card).toContainText(`${longDate(memorial.born)} – ${longDate(memorial.died)}`);
      await expect(card.locator(`time[datetime="${memorial.born}"]`)).toHaveCount(1);
      for (const paragraph of memorial.obituary) await expect(card.getByText(paragraph)).toBeAttached();
      const link = card.getByRole('link', { name: memorial.memorialLink.label, exact: true });
      await expectSafeExternalLink(link, memorial.memorialLink.href);
    }
  });
});

test.describe('Staff (/staff)', () => {
  // Info, Bio and Quote are a choice of three drawn as tabs (radio buttons and CSS: no script needed).
  const view = (card: Locator, name: 'Info' | 'Bio' | 'Quote') => card.getByRole('radio', { name, exact: true });
  const panel = (card: Locator, name: 'Info' | 'Bio' | 'Quote') => card.getByRole('group', { name, exact: true });

  test('shows a card per person, each with Info (name, role, social links, mail link), Bio and Quote', async ({ page }) => {
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: staff.heading })).toBeVisible();
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(staff.staff.length);
    for (const member of staff.staff) {
      const card = main(page).getByRole('article', { name: member.name });
      await expect(card.getByRole('img', { name: member.photo.alt })).toBeAttached();
      await expect(card.getByRole('group', { name: `About ${member.name}` }).getByRole('radio')).toHaveCount(3);
      await expect(card.getByRole('group', { name: `About ${member.name}` })).toContainText('InfoBioQuote');
      await expect(view(card, 'Info')).toBeChecked();
      const info = panel(card, 'Info');
      await expect(info.getByRole('heading', { level: 2 })).toHaveText(member.name);
      await expect(info).toContainText(member.role);
      const social = info.getByRole('list', { name: `${member.name} on social media` }).getByRole('link');
      await expect(social).toHaveCount(member.social.length);
      for (const [i, { href }] of member.social.entries()) {
        await expectSafeExternalLink(social.nth(i), href);
        await expect(social.nth(i)).toHaveAccessibleName(new RegExp(`^${member.name} on (Facebook|Instagram|Twitter|LinkedIn) \\(opens in a new tab\\)$`));
      }
      await expect(info.getByRole('link', { name: new RegExp(escapeRegExp(member.email)) })).toHaveAttribute('href', `mailto:${member.email}`);
      // The other panels are in the page but not shown until they are chosen.
      await expect(card.getByText(member.bio)).toBeHidden();
      await expect(card.getByText(member.quote)).toBeHidden();
    }
  });

  test('the views switch by click, each card on its own, and the card keeps its height', async ({ page }) => {
    await page.goto('/staff');
    for (const member of staff.staff) {
      const card = main(page).getByRole('article', { name: member.name });
      const height = (await card.boundingBox())!.height;
      await card.getByText('Bio', { exact: true }).click();
      await expect(view(card, 'Bio')).toBeChecked();
      await expect(panel(card, 'Bio')).toContainText(member.bio);
      await expect(panel(card, 'Info')).toBeHidden();
      expect((await card.boundingBox())!.height).toBe(height);
      await card.getByText('Quote', { exact: true }).click();
      await expect(panel(card, 'Quote').locator('figure blockquote')).toHaveText(member.quote);
      await expect(card.getByText(member.bio)).toBeHidden();
      await card.getByText('Info', { exact: true }).click();
      await expect(panel(card, 'Info')).toContainText(member.role);
    }
    // One card's choice leaves the others alone.
    const first = main(page).getByRole('article', { name: staff.staff[0]!.name });
    const second = main(page).getByRole('article', { name: staff.staff[1]!.name });
    await first.getByText('Quote', { exact: true }).click();
    await expect(view(second, 'Info')).toBeChecked();
  });

  test('the views switch with the arrow keys, and Tab leaves the choice in one step', async ({ page }) => {
    await page.goto('/staff');
    const member = staff.staff[1]!;
    const card = main(page).getByRole('article', { name: member.name });
    await view(card, 'Info').focus();
    await page.keyboard.press('ArrowRight');
    await expect(view(card, 'Bio')).toBeFocused();
    await expect(view(card, 'Bio')).toBeChecked();
    await expect(card.getByText(member.bio)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(view(card, 'Quote')).toBeChecked();
    await expect(card.getByText(member.quote)).toBeVisible();
    await page.keyboard.press('ArrowRight'); // wraps round
    await expect(view(card, 'Info')).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(view(card, 'Quote')).toBeChecked();
    // The focused choice shows a focus ring.
    const label = card.locator('label:has(input[value="quote"])');
    await expect(label).toHaveCSS('outline-style', 'solid');
    // One tab stop for the three: Tab goes on past the card's choice.
    await page.keyboard.press('Tab');
    await expect(card.getByRole('radio', { includeHidden: true }).and(page.locator(':focus'))).toHaveCount(0);
  });
});

test.describe('Golf Professionals (/golfers)', () => {
  test('shows every pro with photo, club, bio and a quote', async ({ page }) => {
    await page.goto('/golfers');
    await expect(page.getByRole('heading', { level: 1, name: golfers.heading })).toBeVisible();
    await expect(main(page).getByText(golfers.intro)).toBeVisible();
    const pros = main(page).getByRole('article');
    await expect(pros).toHaveCount(golfers.pros.length);
    for (const [i, pro] of golfers.pros.entries()) {
      const card = pros.nth(i);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(pro.name);
      await expect(card.getByRole('img', { name: pro.photo.alt })).toBeAttached();
      await expect(card).toContainText(pro.club);
      await expect(card.getByText(pro.bio)).toBeVisible();
      await expect(card.locator('figure > blockquote')).toHaveText(pro.quote);
      await expect(card.locator('figure > figcaption')).toContainText(pro.name);
    }
  });
});

test.describe('Sponsors (/sponsors)', () => {
  test('shows the title sponsor and the sponsors, every logo opening its site safely in a new tab', async ({ page }) => {
    await page.goto('/sponsors');
    await expect(page.getByRole('heading', { level: 1, name: sponsors.heading })).toBeVisible();
    const title = page.getByRole('region', { name: 'Title Sponsor' });
    await expect(title.getByRole('heading', { name: sponsors.titleSponsor.name })).toBeVisible();
    await expect(title).toContainText(sponsors.titleSponsor.blurb);
    const titleLink = title.getByRole('link', { name: `${sponsors.titleSponsor.name} (opens in a new tab)`, exact: true });
    await expectSafeExternalLink(titleLink, sponsors.titleSponsor.href);
    await expect(titleLink.getByRole('img', { name: sponsors.titleSponsor.logo.alt })).toBeVisible();

    const gallery = page.getByRole('region', { name: 'Sponsors', exact: true }).getByRole('link');
    await expect(gallery).toHaveCount(sponsors.sponsors.length);
    for (const [i, sponsor] of sponsors.sponsors.entries()) {
      await expect(gallery.nth(i)).toHaveAccessibleName(`${sponsor.name} (opens in a new tab)`);
      await expectSafeExternalLink(gallery.nth(i), sponsor.href);
      await expect(gallery.nth(i).getByRole('img')).toHaveAttribute('alt', sponsor.logo.alt);
    }
    // Every link that leaves the page (shell included) opens safely.
    for (const link of await page.locator('a[target="_blank"]').all()) await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('logos are four to a row above 768 px and two to a row at 768 px or less @desktop', async ({ page }) => {
    const perRow = async () => {
      const tops = await page
        .getByRole('region', { name: 'Sponsors', exact: true })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      return tops.filter((top) => top === tops[0]).length;
    };
    await page.setViewportSize({ width: 769, height: 900 });
    await page.goto('/sponsors');
    expect(await perRow()).toBe(4);
    const wide = await page.getByRole('region', { name: 'Title Sponsor' }).getByRole('img').boundingBox();
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await perRow()).toBe(2);
    const narrow = await page.getByRole('region', { name: 'Title Sponsor' }).getByRole('img').boundingBox();
    expect(narrow!.width).toBeLessThan(wide!.width);
  });
});

test.describe('Scholarship (/scholarship)', () => {
  test('shows the hero, intro, the requirements, how to apply and the Previous Winners, newest first', async ({ page }) => {
    await page.goto('/scholarship');
    const hero = main(page).getByRole('img').first();
    await expect(hero).toHaveAttribute('alt', scholarship.hero.alt);
    await expect(hero).not.toHaveAttribute('loading', 'lazy');
    await expect(page.getByRole('heading', { level: 1, name: scholarship.heading })).toBeVisible();
    for (const paragraph of scholarship.intro) await expect(main(page).getByText(paragraph)).toBeVisible();

    const requirements = page.getByRole('region', { name: 'Who Can Apply' }).getByRole('listitem');
    await expect(requirements).toHaveText(scholarship.requirements);
    const apply = page.getByRole('region', { name: 'How to Apply' });
    await expect(apply).toContainText(scholarship.howToApply);
    // An address in the text becomes a mail link (the fixture's is awards@testvalley.example).
    await expect(apply.getByRole('link', { name: 'awards@testvalley.example' })).toHaveAttribute('href', 'mailto:awards@testvalley.example');

    const winners = page.getByRole('region', { name: 'Previous Winners' }).getByRole('article');
    const years = scholarship.winners.map((w) => w.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    await expect(winners.getByRole('heading', { level: 3 })).toHaveText(years.map((year) => new RegExp(`^${year} — `)));
    for (const winner of scholarship.winners) {
      const card = page.getByRole('region', { name: 'Previous Winners' }).getByRole('article', { name: new RegExp(`^${winner.year} — `) });
      await expect(card.getByRole('heading')).toHaveText(`${winner.year} — ${winner.names.join(' & ')}`);
      await expect(card).toContainText(`${winner.school} · ${winner.field}`);
      await expect(card).toContainText(winner.description);
      await expect(card.getByRole('img', { name: winner.photo.alt })).toBeAttached();
    }
  });
});

test.describe('Family of the Year (/family_of_the_year)', () => {
  test('shows the intro and the Awarded Families, newest first, with GoFundMe links where the content has them', async ({ page }) => {
    await page.goto('/family_of_the_year');
    await expect(page.getByRole('heading', { level: 1, name: familyOfTheYear.heading })).toBeVisible();
    for (const paragraph of familyOfTheYear.intro) await expect(main(page)).toContainText(paragraph);
    // The fixture's intro names nominate@testvalley.example.
    await expect(main(page).getByRole('link', { name: 'nominate@testvalley.example' })).toHaveAttribute('href', 'mailto:nominate@testvalley.example');

    const region = page.getByRole('region', { name: 'Awarded Families' });
    const cards = region.getByRole('article');
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(familyOfTheYear.families.map((f) => f.header));
    for (const entry of familyOfTheYear.families) {
      const card = region.getByRole('article', { name: entry.header });
      await expect(card.getByRole('img', { name: entry.photo.alt })).toBeAttached();
      for (const paragraph of entry.story) await expect(card).toContainText(paragraph);
      const donate = card.getByRole('link', { name: GOFUNDME, exact: true });
      if (entry.gofundme) {
        await expect(donate).toHaveText(GOFUNDME);
        await expectSafeExternalLink(donate, entry.gofundme.href);
      } else {
        await expect(donate).toHaveCount(0);
      }
    }
    const withGoFundMe = familyOfTheYear.families.filter((f) => f.gofundme).length;
    expect(withGoFundMe).toBeGreaterThan(0);
    expect(withGoFundMe).toBeLessThan(familyOfTheYear.families.length); // the fixture has both kinds
    await expect(page.getByRole('link', { name: GOFUNDME, exact: true })).toHaveCount(withGoFundMe);
  });
});

test.describe('every content page', () => {
  for (const route of PAGES) {
    test(`${route}: every picture has alt text and its size, the first is eager and the rest lazy; one h1, no skipped heading level`, async ({
      page,
    }) => {
      await page.goto(route);
      const images = await main(page)
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.map((img) => ({
            alt: img.getAttribute('alt') ?? '',
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
            loading: img.getAttribute('loading'),
          })),
        );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.alt.trim(), 'alt text').not.toBe('');
        expect(Number(image.width)).toBeGreaterThan(0);
        expect(Number(image.height)).toBeGreaterThan(0);
      }
      expect(images[0]!.loading).not.toBe('lazy');
      expect(images.slice(1).every((image) => image.loading === 'lazy')).toBe(true);

      const levels = await main(page)
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i += 1) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    });

    test(`${route}: has its own title and a description drawn from the content`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveTitle(new RegExp(` \\| ${escapeRegExp(site.name)}$`));
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      const siteDescription = await page.locator('meta[property="og:site_name"]').count();
      expect(siteDescription).toBe(1);
      expect(description?.length ?? 0).toBeGreaterThan(50);
      expect(description!.length).toBeLessThanOrEqual(160);
    });

    test(`${route} has no axe violations (WCAG 2.1 AA)`, async ({ page }) => {
      await page.goto(route);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('/staff with Bio and Quote chosen has no axe violations', async ({ page }) => {
    await page.goto('/staff');
    const cards = main(page).getByRole('article');
    await cards.nth(0).getByText('Bio', { exact: true }).click();
    await cards.nth(1).getByText('Quote', { exact: true }).click();
    await expect(cards.nth(1).getByRole('radio', { name: 'Quote' })).toBeChecked();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the pages fit a phone screen without sideways scrolling @phone', async ({ page }) => {
    expect(isPhone(page)).toBe(true);
    for (const route of PAGES) {
      await page.goto(route);
      await expectNoSidewaysScrolling(page, route);
    }
  });
});

/** With JavaScript off every page is complete: the server HTML carries all of its text and links. */
test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('/cof', async ({ page }) => {
    await page.goto('/cof');
    for (const paragraph of cof.description) await expect(main(page).getByText(paragraph)).toBeVisible();
    for (const name of cof.advisoryDirectors) await expect(page.getByRole('region', { name: 'Advisory Directors' })).toContainText(name);
    for (const member of cof.boardOfDirectors) await expect(page.getByRole('region', { name: 'Board of Directors' })).toContainText(member.name);
  });

  test('/family', async ({ page }) => {
    await page.goto('/family');
    for (const memorial of family.memorials) {
      await expect(main(page)).toContainText(`${longDate(memorial.born)} – ${longDate(memorial.died)}`);
      for (const paragraph of memorial.obituary) await expect(main(page).getByText(paragraph)).toBeVisible();
      await expect(main(page).getByRole('link', { name: memorial.memorialLink.label })).toHaveAttribute('href', memorial.memorialLink.href);
    }
  });

  test('/staff: every Info, Bio and Quote can be read', async ({ page, request }) => {
    const html = await (await request.get('/staff')).text();
    await page.goto('/staff');
    await expect(main(page).getByRole('article')).toHaveCount(staff.staff.length);
    for (const member of staff.staff) {
      const card = main(page).getByRole('article', { name: member.name });
      // The choice of view is HTML and CSS: it works without scripts.
      await expect(card.getByRole('heading', { name: member.name })).toBeVisible();
      await expect(card.getByText(member.role)).toBeVisible();
      await expect(card.getByRole('link', { name: new RegExp(escapeRegExp(member.email)) })).toBeVisible();
      await card.getByText('Bio', { exact: true }).click();
      await expect(card.getByText(member.bio)).toBeVisible();
      await card.getByText('Quote', { exact: true }).click();
      await expect(card.getByText(member.quote)).toBeVisible();
      expect(html).toContain(escapeHtml(member.bio));
      expect(html).toContain(escapeHtml(member.quote));
    }
  });

  test('/golfers', async ({ page }) => {
    await page.goto('/golfers');
    for (const pro of golfers.pros) {
      await expect(main(page).getByText(pro.bio)).toBeVisible();
      await expect(main(page).getByText(pro.quote)).toBeVisible();
    }
  });

  test('/sponsors', async ({ page }) => {
    await page.goto('/sponsors');
    await expect(main(page).getByText(sponsors.titleSponsor.blurb)).toBeVisible();
    for (const sponsor of [sponsors.titleSponsor, ...sponsors.sponsors]) {
      await expect(main(page).getByRole('link', { name: `${sponsor.name} (opens in a new tab)`, exact: true })).toHaveAttribute('href', sponsor.href);
    }
  });

  test('/scholarship', async ({ page }) => {
    await page.goto('/scholarship');
    for (const requirement of scholarship.requirements) await expect(main(page).getByText(requirement)).toBeVisible();
    await expect(main(page)).toContainText(scholarship.howToApply);
    for (const winner of scholarship.winners) {
      await expect(main(page).getByRole('heading', { name: `${winner.year} — ${winner.names.join(' & ')}` })).toBeVisible();
      await expect(main(page).getByText(winner.description)).toBeVisible();
    }
  });

  test('/family_of_the_year', async ({ page }) => {
    await page.goto('/family_of_the_year');
    for (const entry of familyOfTheYear.families) {
      await expect(main(page).getByRole('heading', { name: entry.header })).toBeVisible();
      for (const paragraph of entry.story) await expect(main(page).getByText(paragraph)).toBeVisible();
    }
    await expect(main(page).getByRole('link', { name: GOFUNDME, exact: true })).toHaveCount(familyOfTheYear.families.filter((f) => f.gofundme).length);
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
