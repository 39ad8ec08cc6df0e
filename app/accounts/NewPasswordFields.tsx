import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/accounts';
import type { FormField } from '../lib/hooks/use-route-form';
import { TextField } from '../ui/FormFields';

export function NewPasswordFields({ field, label }: { field: (name: 'password' | 'password2') => FormField; label: 'Password' | 'New password' }) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        hint={`At least ${PASSWORD_MIN} characters; avoid common passwords.`}
        {...field('password')}
      />
      <TextField
        label={`Re-enter ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        {...field('password2')}
      />
    </>
  );
}
