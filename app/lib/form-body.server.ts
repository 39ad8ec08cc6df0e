const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** A body that is not a form is the sender's mistake: 415 or 400, never a 500 with a stack trace. */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) {
    throw new Response('This address takes a web form (application/x-www-form-urlencoded or multipart/form-data).', { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response('This form could not be read. Go back, reload the page and try again.', { status: 400 });
  }
}

/** The first value of each name, files left out: what a form's schema parses. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  return fields;
}

/** The first file of each name: only the media library's upload posts one. */
export function formFiles(form: FormData): Record<string, File> {
  const files: Record<string, File> = {};
  for (const [key, value] of form) if (typeof value !== 'string' && !(key in files)) files[key] = value;
  return files;
}

export async function readFormFields(request: Request): Promise<Record<string, string>> {
  return formFields(await readForm(request));
}

const NOT_ECHOED = /password|current|token|^csrf$|^intent$/i;

/** Echoed on a refused form: never a password, a token, the CSRF token or the intent. */
export function typedValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !NOT_ECHOED.test(key)));
}
