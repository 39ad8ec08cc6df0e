/** When a decided round's applications are due for deletion: `months` calendar months later (the 31st falls back to the month's last day). */
export function purgeDueAt(decidedAt: string, months: number): Date {
  const decided = new Date(decidedAt);
  const target = new Date(decided);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(decided.getUTCDate(), lastDay));
  return target;
}
