/**
 * For password managers (Chromium's, Safari's and 1Password's password-form conventions): the
 * account a password belongs to, as a hidden `autocomplete=username` field in the same form, so
 * the manager saves the password under the right identifier (+E.164 or e-mail) even where the
 * page shows no such field. Nothing is rendered until the identifier is known.
 */
export function UsernameField(props: { value: string | undefined }) {
  if (!props.value) return null;
  return (
    <input
      type="text"
      name="username"
      autoComplete="username"
      value={props.value}
      readOnly
      hidden
    />
  );
}
