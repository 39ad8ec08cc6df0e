import { z } from 'zod';
import { emailField } from '../accounts';
import { requiredText } from '../text';
import { golf, SHIRT_SIZES, type GolfTeam } from './golf';
import { optionalEmailField, signupEnvelope } from './wire-fields';

const shirtSize = (n: number) => z.enum(SHIRT_SIZES, { error: `Choose a shirt size for player ${n}.` });
const name = (n: number) => requiredText(`Player ${n} name`, 100);

/** The spec's flat golf payload (player1Name … player4ShirtSize); the only place those keys are read. */
export const golfWire = z
  .object({
    ...signupEnvelope,
    player1Name: name(1),
    player1Email: emailField,
    player1ShirtSize: shirtSize(1),
    player2Name: name(2),
    player2Email: optionalEmailField,
    player2ShirtSize: shirtSize(2),
    player3Name: name(3),
    player3Email: optionalEmailField,
    player3ShirtSize: shirtSize(3),
    player4Name: name(4),
    player4Email: optionalEmailField,
    player4ShirtSize: shirtSize(4),
  })
  .transform((w) => ({
    kind: golf.kind,
    eventNumber: w.eventNumber,
    receiptEmail: w.receiptEmail,
    amountCents: w.amount,
    details: {
      players: [
        { name: w.player1Name, email: w.player1Email, shirtSize: w.player1ShirtSize },
        { name: w.player2Name, email: w.player2Email, shirtSize: w.player2ShirtSize },
        { name: w.player3Name, email: w.player3Email, shirtSize: w.player3ShirtSize },
        { name: w.player4Name, email: w.player4Email, shirtSize: w.player4ShirtSize },
      ],
    } satisfies GolfTeam,
  }));
