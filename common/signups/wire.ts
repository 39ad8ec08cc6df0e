import type { z } from 'zod';
import { gamingWireFor } from './gaming.wire';
import { golfWireFor } from './golf.wire';
import type { SignupKind } from './kinds';
import { steakfryWire } from './steakfry.wire';

/** Each kind's wire schema for a team of the event's size: the spec's payload in, a typed sign-up request out (server only). */
export const SIGNUP_WIRE = {
  golf: golfWireFor,
  gaming: gamingWireFor,
  steakfry: () => steakfryWire,
} as const satisfies Record<SignupKind, (playersPerTeam: number) => z.ZodType>;

/** A parsed sign-up call: the kind, the event, where the receipt goes, the amount the visitor saw and the details. */
export type SignupRequest = z.output<ReturnType<(typeof SIGNUP_WIRE)[SignupKind]>>;
