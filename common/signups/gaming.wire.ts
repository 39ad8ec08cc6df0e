import { z } from 'zod';
import { emailField } from '../accounts.wire';
import { requiredText } from '../text.wire';
import { gaming, isValidPhoneNumber, TEAM_NAME_MAX, type GamingTeam } from './gaming';
import { optionalEmailField, signupEnvelope } from './wire-fields';

const name = (n: number) => requiredText(`Player ${n} name`, 100);
const activisionId = (n: number) => requiredText(`Player ${n} Activision ID`, 60);
const location = (n: number) => requiredText(`Player ${n} location`, 100);

const teamShapes = new Map<number, z.ZodType>();

/** The only place the spec's flat keys (player1ActivisionId, …) are read. */
function buildGamingWire(players: number) {
  const shape: Record<string, z.ZodType> = {
    ...signupEnvelope,
    teamName: requiredText('Team name', TEAM_NAME_MAX),
    teamContactNumber: requiredText('A contact phone number', 30).refine(isValidPhoneNumber, 'Enter a phone number like (740) 555-0142.'),
    teamAgrees: z.literal(true, { error: 'Your team must agree to the tournament terms.' }),
  };
  for (let n = 1; n <= players; n++) {
    shape[`player${n}Name`] = name(n);
    shape[`player${n}Email`] = n === 1 ? emailField : optionalEmailField;
    shape[`player${n}ActivisionId`] = activisionId(n);
    shape[`player${n}Location`] = location(n);
  }
  return z.object(shape).transform((w) => ({
    kind: gaming.kind,
    eventNumber: w.eventNumber as number,
    receiptEmail: w.receiptEmail as string,
    amountCents: w.amount as number,
    details: {
      name: w.teamName as string,
      contactNumber: w.teamContactNumber as string,
      players: Array.from({ length: players }, (_, i) => ({
        name: w[`player${i + 1}Name`] as string,
        email: (w[`player${i + 1}Email`] as string | null) ?? null,
        activisionId: w[`player${i + 1}ActivisionId`] as string,
        location: w[`player${i + 1}Location`] as string,
      })),
    } satisfies GamingTeam,
  }));
}

export function gamingWireFor(players: number): ReturnType<typeof buildGamingWire> {
  if (!teamShapes.has(players)) teamShapes.set(players, buildGamingWire(players));
  return teamShapes.get(players) as ReturnType<typeof buildGamingWire>;
}

/** The spec's size. */
export const gamingWire = gamingWireFor(4);
