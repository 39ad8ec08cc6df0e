/**
 * Whether a request is for the back office as React Router will route it: it matches paths
 * percent-decoded and whatever the letter case, and the URL parser reads `\` as `/`. So `/ADMIN`,
 * `/%61dmin/donations`, `/admin\donations` and `/ADMIN/DONATIONS.data` are all staff pages.
 */
export function isBackOfficePath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // An undecodable path is refused before any page is answered (rejectMalformedPaths).
  }
  const routed = decoded.toLowerCase().replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return /^\/admin(\/|\.data$|$)/.test(routed);
}
