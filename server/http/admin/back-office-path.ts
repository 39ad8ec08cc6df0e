/**
 * Matches as React Router routes: percent-decoded, any letter case, `\` read as `/`, so `/%61dmin`,
 * `/admin\donations` and `/ADMIN.data` are staff pages too.
 */
export function isBackOfficePath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Refused earlier by rejectMalformedPaths.
  }
  const routed = decoded.toLowerCase().replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return /^\/admin(\/|\.data$|$)/.test(routed);
}
