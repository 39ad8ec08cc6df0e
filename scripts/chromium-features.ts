/**
 * The flags of the Chromium that runs the browser tests, screenshots and Lighthouse, and the
 * features switched off in it (ADR 040).
 *
 * Chromium keeps only the last `--disable-features` on its command line. Playwright and
 * chrome-launcher each pass a list of their own first, so a list added after theirs must carry
 * theirs too, or their features come back on.
 */

/** The flags every Chromium of ours runs with: no sandbox as root, no GPU, nothing phoning out. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] as const;

/**
 * The desktop address bar's popup is a web page of its own (chrome://omnibox-popup), built for
 * every window and rendered again on every navigation. On two cores it took about as much CPU as
 * the page under test; no page of the site depends on it.
 */
export const BROWSER_UI_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * Playwright's own list (playwright-core 1.65, `chromiumSwitches`), which a later list replaces.
 * tests/e2e/browser-flags.spec.ts fails when an upgrade changes it.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

const PREFIX = '--disable-features=';

/** The features of every `--disable-features` in `flags`, in order, without repeats. */
export function disabledFeatures(flags: readonly string[]): string[] {
  const names = flags.filter((flag) => flag.startsWith(PREFIX)).flatMap((flag) => flag.slice(PREFIX.length).split(','));
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/** `flags` with all their `--disable-features` lists and `extra` merged into one, placed last. */
export function withDisabledFeatures(flags: readonly string[], extra: readonly string[]): string[] {
  const merged = [...new Set([...disabledFeatures(flags), ...extra])];
  return [...flags.filter((flag) => !flag.startsWith(PREFIX)), `${PREFIX}${merged.join(',')}`];
}
