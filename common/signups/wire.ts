import type { z } from 'zod';
import { gamingWireFor } from './gaming.wire';
import { golfWireFor } from './golf.wire';
import type { SignupKind } from './kinds';
import { steakfryWire } from './steakfry.wire';

/** Server only. */
export const SIGNUP_WIRE = {
  golf: golfWireFor,
  gaming: gamingWireFor,
  steakfry: () => steakfryWire,
} as const satisfies Record<SignupKind, (playersPerTeam: number) => z.ZodType>;

export type SignupRequest = z.output<ReturnType<(typeof SIGNUP_WIRE)[SignupKind]>>;
