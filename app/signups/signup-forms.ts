import type { ComponentType } from 'react';
import type { SignupKind } from '../../common/signups/kinds';
import { GamingTeamFields, gamingInitialValues } from './GamingTeamFields';
import { GolfTeamFields, golfInitialValues } from './GolfTeamFields';
import type { SignupFieldsProps, SignupValues } from './signup-values';
import { SteakfryPartyFields, steakfryInitialValues } from './SteakfryPartyFields';

export const SIGNUP_FORMS: Record<
  SignupKind,
  {
    initialValues: (receiptEmail: string, playersPerTeam: number) => SignupValues;
    Fields: ComponentType<SignupFieldsProps>;
  }
> = {
  golf: { initialValues: golfInitialValues, Fields: GolfTeamFields },
  gaming: { initialValues: gamingInitialValues, Fields: GamingTeamFields },
  steakfry: {
    initialValues: steakfryInitialValues,
    Fields: SteakfryPartyFields,
  },
};
