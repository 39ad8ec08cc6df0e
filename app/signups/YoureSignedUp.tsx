import { Link } from 'react-router';
import type { MyEventSignup } from '../../common/accounts';
import { CheckCircleIcon } from '../ui/icons';

const peopleWord = (n: number) => (n === 1 ? 'person' : 'people');

/** The visitor's own sign-ups for this event, read per request and never cached (ADR 050). */
export function YoureSignedUp({ signups, party }: { signups: MyEventSignup[]; party: boolean }) {
  return (
    <section aria-labelledby="youre-signed-up" className="rounded-xl border border-green-300 bg-green-50 p-5 text-slate-800">
      <h2 id="youre-signed-up" className="flex items-center gap-2 text-xl font-bold text-green-900">
        <CheckCircleIcon className="h-6 w-6 shrink-0" />
        You&apos;re signed up
      </h2>
      <ul className="mt-3 space-y-4">
        {signups.map((signup) => (
          <li key={signup.id}>
            <p className="font-semibold">
              {party ? `Your party of ${signup.people.length} ${peopleWord(signup.people.length)}` : signup.teamName ? `Team ${signup.teamName}` : 'Your team'}
            </p>
            {signup.people.length > 0 ? <p className="mt-1">{signup.people.join(', ')}</p> : null}
            <Link to={`/dashboard/signups/${signup.id}`} className="mt-2 inline-block font-semibold text-brand-700 underline">
              {party ? 'Change or cancel your party' : 'Change or cancel your team'}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
