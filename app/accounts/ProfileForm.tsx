import { Form } from 'react-router';
import type { AccountProfile } from '../../common/accounts';
import { FixErrorsNotice, GeneralErrors, SubmitButton, SuccessNotice } from '../ui/FormFields';
import { ProfileFields } from './ProfileFields';
import { useRouteForm } from '../lib/hooks/use-route-form';

const FIELDS = ['first', 'last', 'username', 'email'] as const;
export const PROFILE_INTENT = 'profile';

/** A new email must be confirmed again. */
export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const form = useRouteForm(PROFILE_INTENT, { first: profile.first, last: profile.last, username: profile.username, email: profile.email });
  return (
    <Form id={form.formId} method="post" noValidate className="space-y-4" aria-labelledby="profile-form-heading">
      <input type="hidden" name="intent" value={PROFILE_INTENT} />
      <h2 id="profile-form-heading" className="text-xl font-semibold text-brand-800">
        Your profile
      </h2>
      {form.done ? <SuccessNotice>{form.done}</SuccessNotice> : null}
      <GeneralErrors errors={form.errors} fields={FIELDS} />
      <ProfileFields
        field={form.field}
        email={{ hint: profile.emailVerified ? 'Confirmed. A new email must be confirmed again.' : 'Not confirmed yet: open the link we emailed you.' }}
      />
      <FixErrorsNotice errors={form.errors} />
      <SubmitButton busy={form.busy} busyText="Saving…">
        Save profile
      </SubmitButton>
    </Form>
  );
}
