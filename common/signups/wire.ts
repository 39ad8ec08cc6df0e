import type { z } from 'zod';
import { gamingWire } from './gaming.wire';
import { golfWire } from './golf.wire';
import type { SignupKind } from './kinds';
import { steakfryWire } from './steakfry.wire';

/** Each kind's wire schema: the spec's payload in, a typed sign-up request out (server only). */
export const SIGNUP_WIRE = { golf: golfWire, gaming: gamingWire, steakfry: steakfryWire } as const satisfies Record<SignupKind, z.ZodType>;

/** A parsed sign-up call: the kind, the event, where the receipt goes, the amount the visitor saw and the details. */
export type SignupRequest = z.output<(typeof SIGNUP_WIRE)[SignupKind]>;
