import { Form } from 'react-router';
import { PASSWORD_MAX } from '../../common/accounts';
import { FixErrorsNotice, GeneralErrors, TextField } from '../ui/FormFields';
import { CloseIcon } from '../ui/icons';
import { Modal, ModalClose, ModalDescription, ModalOpener, ModalTitle } from '../ui/Modal';
import { useRouteForm } from '../lib/hooks/use-route-form';

const DELETE_DIALOG_ID = 'delete-account';
export const DELETE_INTENT = 'delete';
export const EVERYWHERE_INTENT = 'everywhere';

/** The session cookie goes with the link; the server answers an attachment. */
export function DownloadData() {
  return (
    <section aria-labelledby="my-data-heading" className="space-y-3">
      <h2 id="my-data-heading" className="text-xl font-semibold text-brand-800">
        Your data
      </h2>
      <p className="text-sm text-slate-700">A file (JSON) with your account, your donations, your event sign-ups and your payments.</p>
      <a href="/api/user/export" download="my-data.json" className="inline-block rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
        Download my data
      </a>
    </section>
  );
}

export function SignOutEverywhere() {
  return (
    <section aria-labelledby="everywhere-heading" className="space-y-3">
      <h2 id="everywhere-heading" className="text-xl font-semibold text-brand-800">
        Sign out everywhere
      </h2>
      <p className="text-sm text-slate-700">Signs you out on every browser and device, this one included: useful after using a shared computer or losing a phone.</p>
      <Form method="post">
        <button type="submit" name="intent" value={EVERYWHERE_INTENT} className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
          Sign out everywhere
        </button>
      </Form>
    </section>
  );
}

/** Gifts and sign-ups stay on the books (the law asks for them) without name or address. */
export function DeleteAccount() {
  const form = useRouteForm(DELETE_INTENT);
  // Refused: the dialog stays open on its error, also when the page came back as HTML.
  const open = Object.keys(form.errors).length > 0 ? true : undefined;

  return (
    <section aria-labelledby="delete-heading" className="space-y-3">
      <h2 id="delete-heading" className="text-xl font-semibold text-red-800">
        Delete your account
      </h2>
      <p className="text-sm text-slate-700">
        Your name, username, email and password are erased and you are signed out everywhere. Records of your gifts and payments stay on the
        foundation’s books, as the law requires, without your name.
      </p>
      {/* One child of the section: the closed dialog takes no part in its spacing. */}
      <div>
        <ModalOpener modalId={DELETE_DIALOG_ID} className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50">
          Delete my account
        </ModalOpener>
        <Modal
          id={DELETE_DIALOG_ID}
          open={open}
          className="m-auto max-h-[92vh] w-[min(30rem,calc(100vw-1.5rem))] max-w-none overflow-y-auto overscroll-contain rounded-xl bg-white p-6 text-slate-800 shadow-2xl backdrop:bg-slate-900/60"
        >
          <div className="flex items-start justify-between gap-4">
            <ModalTitle modalId={DELETE_DIALOG_ID} className="text-2xl font-semibold text-red-800">
              Delete your account?
            </ModalTitle>
            <ModalClose modalId={DELETE_DIALOG_ID} className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Keep my account">
              <CloseIcon />
            </ModalClose>
          </div>
          <ModalDescription modalId={DELETE_DIALOG_ID} className="mt-1 text-slate-700">
            This cannot be undone. Sign-ups you paid for stay booked, without names. Enter your password to confirm.
          </ModalDescription>
          <Form id={form.formId} method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value={DELETE_INTENT} />
            <GeneralErrors errors={form.errors} fields={['password']} />
            <TextField id="delete-password" label="Password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} required {...form.field('password')} />
            <FixErrorsNotice errors={form.errors} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <ModalClose modalId={DELETE_DIALOG_ID} className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
                Keep my account
              </ModalClose>
              <button
                type="submit"
                disabled={form.busy}
                className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
              >
                {form.busy ? 'Deleting…' : 'Delete my account'}
              </button>
            </div>
          </Form>
        </Modal>
      </div>
    </section>
  );
}
