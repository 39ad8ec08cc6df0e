import type { Route } from './+types/staff';
import type { StaffMember } from '../../../common/back-office';
import { formatMoment } from '../../../common/moment';
import { AdminPageHeader } from '../../admin/AdminShell';
import { Button, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { StaffFormSchema } from '../../admin/form-schemas.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';

export const meta: Route.MetaFunction = () => [{ title: 'Staff | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  const { session } = await requireStaff(args, { role: 'admin' });
  return { staff: await args.context.backOffice.staff.list(), me: session.staff.id };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, StaffFormSchema, { role: 'admin' });
  const echo = fields.intent === 'invite' ? { email: (fields.email ?? '').slice(0, 254), name: (fields.name ?? '').slice(0, 100) } : null;
  if (!input.ok) return answer({ intent: fields.intent, ...input, echo });
  const form = input.data;
  const port = args.context.backOffice.staff;
  const result =
    form.intent === 'invite'
      ? await port.invite(actor, fields)
      : form.intent === 'role'
        ? await port.changeRole(actor, form.staffId, form.role)
        : form.intent === 'disable' || form.intent === 'enable'
          ? await port.setEnabled(actor, form.staffId, form.intent === 'enable')
          : form.intent === 'reset-2fa'
            ? await port.resetTwoFactor(actor, form.staffId)
            : await port.endSessions(actor, form.staffId);
  return answer({ intent: form.intent, ...result, echo: result.ok ? null : echo });
}

const when = (iso: string | null) => (iso ? formatMoment(iso) : 'Never');

const STATUS_TEXT: Record<StaffMember['status'], string> = { active: 'Active', invited: 'Invited (not set up yet)', disabled: 'Disabled' };

function RowActions({ member }: { member: StaffMember }) {
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="staffId" value={member.id} />
    </>
  );
  return (
    <div className="flex flex-wrap gap-2">
      <StaffForm className="flex items-center gap-2">
        {hidden('role')}
        <label htmlFor={`role-${member.id}`} className="sr-only">
          Role of {member.email}
        </label>
        <select id={`role-${member.id}`} name="role" defaultValue={member.role} className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm">
          <option value="volunteer">Volunteer</option>
          <option value="admin">Admin</option>
          <option value="reviewer">Scholarship reviewer</option>
        </select>
        <Button variant="secondary" aria-label={`Change role of ${member.email}`}>
          Change role
        </Button>
      </StaffForm>
      {member.status === 'invited' ? (
        <StaffForm>
          <input type="hidden" name="intent" value="invite" />
          <input type="hidden" name="email" value={member.email} />
          <input type="hidden" name="name" value={member.name} />
          <input type="hidden" name="role" value={member.role} />
          <Button variant="secondary" aria-label={`Send a new invitation to ${member.email}`}>
            Send new link
          </Button>
        </StaffForm>
      ) : null}
      {member.totpEnabled ? (
        <StaffForm>
          {hidden('reset-2fa')}
          <Button variant="secondary" aria-label={`Reset two-step sign-in of ${member.email}`}>
            Reset 2-step
          </Button>
        </StaffForm>
      ) : null}
      {member.status === 'active' ? (
        <StaffForm>
          {hidden('end-sessions')}
          <Button variant="secondary" aria-label={`Sign ${member.email} out everywhere`}>
            Sign out everywhere
          </Button>
        </StaffForm>
      ) : null}
      <StaffForm>
        {hidden(member.status === 'disabled' ? 'enable' : 'disable')}
        <Button
          variant={member.status === 'disabled' ? 'secondary' : 'danger'}
          aria-label={`${member.status === 'disabled' ? 'Enable' : 'Disable'} ${member.email}`}
        >
          {member.status === 'disabled' ? 'Enable' : 'Disable'}
        </Button>
      </StaffForm>
    </div>
  );
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, me } = loaderData;
  const errors: Record<string, string> | undefined = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const inviteErrors = actionData?.intent === 'invite' ? errors : undefined;
  const rowErrors = actionData?.intent !== 'invite' ? errors : undefined;
  const echo = actionData && 'echo' in actionData ? actionData.echo : null;
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Staff"
        lead="Admins can do everything, including refunds and managing staff. Volunteers can see and export the lists and check people in."
      />
      {actionData && 'message' in actionData ? <Notice tone="success">{actionData.message}</Notice> : null}
      <OtherErrors errors={rowErrors} shown={[]} />

      <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-300 bg-white p-5">
        <h2 id="invite-heading" className="text-lg font-bold">
          Invite someone
        </h2>
        <p className="mt-1 text-sm text-slate-700">They get an email with a link to choose their password. The link works once, for 72 hours.</p>
        <OtherErrors errors={inviteErrors} shown={['email', 'name', 'role']} />
        <StaffForm className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <TextField name="email" label="Email" type="email" required defaultValue={echo?.email} error={inviteErrors?.email} />
          <TextField name="name" label="Name (optional)" defaultValue={echo?.name} error={inviteErrors?.name} />
          <div>
            <label htmlFor="invite-role" className="mb-1 block text-sm font-semibold text-slate-800">
              Role
            </label>
            <select id="invite-role" name="role" defaultValue="volunteer" className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-2">
              <option value="volunteer">Volunteer</option>
              <option value="admin">Admin</option>
              <option value="reviewer">Scholarship reviewer</option>
            </select>
          </div>
          <Button>Send invitation</Button>
        </StaffForm>
      </section>

      <section aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="mb-3 text-lg font-bold">
          Everyone with access ({staff.length})
        </h2>
        <ul className="space-y-3">
          {staff.map((member) => (
            <li key={member.id} className="rounded-lg border border-slate-300 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {member.name || member.email} {member.id === me ? <span className="text-sm font-normal text-slate-700">(you)</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  <span className="font-semibold uppercase">{member.role}</span> · {STATUS_TEXT[member.status]} · Two-step sign-in{' '}
                  {member.totpEnabled ? 'on' : 'off'}
                  {member.secondFactorLocked ? ' · locked after wrong codes (Reset 2-step lifts it)' : ''}
                </p>
              </div>
              <p className="text-sm text-slate-700">
                {member.email} · Last sign-in: {when(member.lastSignInAt)}
              </p>
              {member.id === me ? null : (
                <div className="mt-3">
                  <RowActions member={member} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
