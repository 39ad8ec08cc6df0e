import { TextField } from '../ui/FormFields';
import type { FormField } from '../lib/hooks/use-route-form';

/** Shared by registration and the profile form. */
export function ProfileFields({ field, email }: { field: (name: 'first' | 'last' | 'username' | 'email') => FormField; email: { hint?: string; placeholder?: string } }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" maxLength={50} required {...field('first')} />
        <TextField label="Last name" autoComplete="family-name" maxLength={50} required {...field('last')} />
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        maxLength={30}
        required
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 30 letters, digits, _ or ."
        {...field('username')}
      />
      <TextField label="Email" type="email" autoComplete="email" maxLength={254} required {...email} {...field('email')} />
    </>
  );
}
