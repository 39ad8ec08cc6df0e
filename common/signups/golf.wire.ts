import { z } from 'zod';
import { emailField } from '../accounts.wire';
import { requiredText } from '../text.wire';
import { golf, SHIRT_SIZES, type GolfTeam, type ShirtSize } from './golf';
import { optionalEmailField, signupEnvelope } from './wire-fields';

const shirtSize = (n: number) => z.enum(SHIRT_SIZES, { error: `Choose a shirt size for player ${n}.` });
const name = (n: number) => requiredText(`Player ${n} name`, 100);

const teamShapes = new Map<number, z.ZodType>();

/** The only place the spec's flat keys (player1Name …) are read. */
function buildGolfWire(players: number) {
  const shape: Record<string, z.ZodType> = { ...signupEnvelope };
  for (let n = 1; n <= players; n++) {
    shape[`player${n}Name`] = name(n);
    shape[`player${n}Email`] = n === 1 ? emailField : optionalEmailField;
    shape[`player${n}ShirtSize`] = shirtSize(n);
  }
  return z.object(shape).transform((w) => ({
    kind: golf.kind,
    eventNumber: w.eventNumber as number,
    receiptEmail: w.receiptEmail as string,
    amountCents: w.amount as number,
    details: {
      players: Array.from({ length: players }, (_, i) => ({
        name: w[`player${i + 1}Name`] as string,
        email: (w[`player${i + 1}Email`] as string | null) ?? null,
        shirtSize: w[`player${i + 1}ShirtSize`] as ShirtSize,
      })),
    } satisfies GolfTeam,
  }));
}

export function golfWireFor(players: number): ReturnType<typeof buildGolfWire> {
  if (!teamShapes.has(players)) teamShapes.set(players, buildGolfWire(players));
  return teamShapes.get(players) as ReturnType<typeof buildGolfWire>;
}

/** The spec's size. */
export const golfWire = golfWireFor(4);
