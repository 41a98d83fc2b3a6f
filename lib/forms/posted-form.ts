/**
 * The FormData a server action was posted. A forged POST can send any value in its place (a string, an object, none
 * at all): that is read as an empty form, so the action answers its missing fields as form errors, never a 500.
 */
export const postedForm = (value: unknown): FormData => (value instanceof FormData ? value : new FormData());
