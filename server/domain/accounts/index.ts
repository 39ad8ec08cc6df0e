import { accountTools, type AccountsDeps } from './account-tools';
import { ownData } from './own-data';
import { passwords } from './passwords';
import { profile } from './profile';
import { registration } from './registration';
import { signIn } from './sign-in';

export type { AccountsDeps, SignInMeta } from './account-tools';

/** A supporter's account (spec §4, ADR 026, ADR 043); shared checks are in account-tools.ts. */
export function createAccounts(deps: AccountsDeps) {
  const tools = accountTools(deps);
  return { ...registration(deps, tools), ...signIn(deps), ...passwords(deps, tools), ...profile(deps, tools), ...ownData(deps, tools) };
}

export type Accounts = ReturnType<typeof createAccounts>;
