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
