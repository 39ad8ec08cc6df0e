import { readdirSync, readFileSync } from 'node:fs';
import { BROWSER_UI_FEATURES_OFF, disabledFeatures } from '../../scripts/chromium-features';
import { expect, test } from './fixtures';

interface Proc {
  pid: number;
  ppid: number;
  args: string[];
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      // Chromium rewrites its helpers' command lines into one string with spaces.
      found.push({ pid: Number(entry), ppid, args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean) });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** The Chromium this test worker launched, and every process under it. */
function ourChromium(): { browser: Proc; descendants: Proc[] } {
  const all = processes();
  const browser = all.find((p) => p.ppid === process.pid && p.args.includes('--remote-debugging-pipe'));
  if (!browser) throw new Error('no Chromium launched by this worker');
  const descendants: Proc[] = [];
  for (let parents = new Set([browser.pid]); parents.size > 0; ) {
    const children = all.filter((p) => parents.has(p.ppid));
    descendants.push(...children);
    parents = new Set(children.map((p) => p.pid));
  }
  return { browser, descendants };
}

// ADR 040: Chromium keeps only its last --disable-features; ours must still hold Playwright's.
test('Chromium runs without its address-bar popup page and with every feature Playwright switches off @desktop', async ({ page }) => {
  await page.goto('/privacy');
  const { browser, descendants } = ourChromium();
  const lists = browser.args.filter((arg) => arg.startsWith('--disable-features='));
  expect(lists.length, 'Playwright passes a list of its own').toBeGreaterThan(1);
  const applied = disabledFeatures(lists.slice(-1));
  const dropped = [...disabledFeatures(lists.slice(0, -1)), ...BROWSER_UI_FEATURES_OFF].filter((name) => !applied.includes(name));
  expect(dropped, 'features switched off before ours that our list would turn back on').toEqual([]);
  expect(descendants.filter((p) => p.args.includes('--type=renderer')).length, 'the page has a renderer').toBeGreaterThan(0);
  expect(descendants.filter((p) => p.args.includes('--top-chrome-webui')).map((p) => p.pid)).toEqual([]);
});
