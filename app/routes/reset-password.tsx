import { Link, useNavigate, useParams } from 'react-router';
import { FixErrorsNotice, FormCard, GeneralErrors, NeedsJavaScript, SubmitButton } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { apiRequest } from '../lib/api';
import { pageMeta } from '../lib/seo/meta';
import { useApiForm } from '../lib/hooks/use-api-form';
import type { Route } from './+types/reset-password';
import { NewPasswordFields } from '../accounts/NewPasswordFields';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Choose a new password', 'Set a new password for your account.'),
  { name: 'robots', content: 'noindex' },
];

const FIELDS = ['password', 'password2'] as const;

export const handle = pageHandle('/reset/:token');

export default function Page() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useApiForm({ password: '', password2: '' });

  const onSubmit = form.submit(async (values) => {
    await apiRequest('/user/reset', { body: { token, ...values } });
    await navigate('/login', { replace: true, state: { passwordReset: true } });
  });

  return (
    <>
      <PageHeader title="Choose a new password" />
      <FormCard>
        <NeedsJavaScript />
        <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <GeneralErrors errors={form.errors} fields={FIELDS} />
          {form.errors.token ? (
            <p className="text-sm">
              <Link to="/forgot" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Ask for a new link
              </Link>
            </p>
          ) : null}
          <NewPasswordFields field={form.field} label="New password" />
          <FixErrorsNotice errors={form.errors} />
          <SubmitButton busy={form.busy} busyText="Saving…">
            Change password
          </SubmitButton>
        </form>
      </FormCard>
    </>
  );
}
