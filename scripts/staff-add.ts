/**
 * `npm run staff:add -- --email E --role admin|volunteer|reviewer [--name "Full Name"]`: adds a back-office
 * staff member (the first admin comes from here) and prints a one-time set-up link (72 hours).
 * Run again for an existing person to get a new link: it resets their password and two-step sign-in
 * (the way back in for an admin who lost both phone and recovery codes).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { DomainError } from '../server/domain/errors';
import { issueSetUpLink } from '../server/domain/staff/staff-management';
import { INVITE_HOURS, STAFF_ROLES } from '../common/staff';

const USAGE = 'Usage: npm run staff:add -- --email someone@example.org --role admin|volunteer|reviewer [--name "Full Name"]';

try {
  const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } } });
  const role = STAFF_ROLES.find((r) => r === values.role);
  if (!values.email || !role) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    const { staff, token, created } = await issueSetUpLink(db, { email: values.email, role, name: values.name });
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    console.log(`${created ? 'Added' : 'New set-up link for'} ${staff.email} (${staff.role}).`);
    console.log(`Open this link within ${INVITE_HOURS} hours to choose a password and set up two-step sign-in. It works once:`);
    console.log(`${origin.replace(/\/$/, '')}/admin/invite/${token}`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  if (error instanceof DomainError) console.error(Object.values(error.fields).join(' '));
  else console.error(error instanceof ConfigError ? error.message : `staff:add failed: ${(error as Error).message}`);
  process.exit(1);
}
