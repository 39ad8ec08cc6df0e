import { z } from 'zod';
import { emailField } from '../accounts';
import { requiredText } from '../text';
import { gaming, isValidPhoneNumber, TEAM_NAME_MAX, type GamingTeam } from './gaming';
import { optionalEmailField, signupEnvelope } from './wire-fields';

const name = (n: number) => requiredText(`Player ${n} name`, 100);
const activisionId = (n: number) => requiredText(`Player ${n} Activision ID`, 60);
const location = (n: number) => requiredText(`Player ${n} location`, 100);

/** The spec's flat gaming payload (teamName, player1ActivisionId, …); the only place those keys are read. */
export const gamingWire = z
  .object({
    ...signupEnvelope,
    teamName: requiredText('Team name', TEAM_NAME_MAX),
    teamContactNumber: requiredText('A contact phone number', 30).refine(isValidPhoneNumber, 'Enter a phone number like (740) 555-0142.'),
    teamAgrees: z.literal(true, { error: 'Your team must agree to the tournament terms.' }),
    player1Name: name(1),
    player1Email: emailField,
    player1ActivisionId: activisionId(1),
    player1Location: location(1),
    player2Name: name(2),
    player2Email: optionalEmailField,
    player2ActivisionId: activisionId(2),
    player2Location: location(2),
    player3Name: name(3),
    player3Email: optionalEmailField,
    player3ActivisionId: activisionId(3),
    player3Location: location(3),
    player4Name: name(4),
    player4Email: optionalEmailField,
    player4ActivisionId: activisionId(4),
    player4Location: location(4),
  })
  .transform((w) => ({
    kind: gaming.kind,
    eventNumber: w.eventNumber,
    receiptEmail: w.receiptEmail,
    amountCents: w.amount,
    details: {
      name: w.teamName,
      contactNumber: w.teamContactNumber,
      players: [
        { name: w.player1Name, email: w.player1Email, activisionId: w.player1ActivisionId, location: w.player1Location },
        { name: w.player2Name, email: w.player2Email, activisionId: w.player2ActivisionId, location: w.player2Location },
        { name: w.player3Name, email: w.player3Email, activisionId: w.player3ActivisionId, location: w.player3Location },
        { name: w.player4Name, email: w.player4Email, activisionId: w.player4ActivisionId, location: w.player4Location },
      ],
    } satisfies GamingTeam,
  }));
