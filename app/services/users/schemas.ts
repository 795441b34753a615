import { z } from "zod";
import type * as Wire from "./graphql.generated";
import { answerSchema, propertySettings, revokedAnswer } from "../answer-parts";

const tokenPair = z.object({
  ok: z.object({ token: z.string().min(1), refreshToken: z.string().min(1), expiresAt: z.number().int() }),
});

export const loginResponse = answerSchema<Wire.LoginWithEmailAndPasswordMutation>()(
  z.object({
    loginWithEmailAndPassword: tokenPair,
  }),
);
export const loginFromSltResponse = answerSchema<Wire.LoginFromSltMutation>()(
  z.object({
    loginFromSlt: tokenPair,
  }),
);
export const refreshResponse = answerSchema<Wire.RefreshUsersTokenMutation>()(
  z.object({
    refreshToken: tokenPair,
  }),
);
export const revokeResponse = answerSchema<Wire.RevokeUsersTokenMutation>()(
  z.object({
    revokeToken: revokedAnswer,
  }),
);

export const userUnitSchema = z.object({
  unit: z.object({ id: z.string(), unitUniqueId: z.string(), name: z.string() }),
  path: z.array(
    z.object({
      property: z.object({ id: z.string(), number: z.string(), settings: propertySettings }),
    }),
  ),
});
export const userUnitsResponse = answerSchema<Wire.UserUnitsQuery>()(
  z.object({
    userUnits: z.array(userUnitSchema),
  }),
);
export type UserUnit = z.infer<typeof userUnitSchema>;

// Profile
const usersUser = z.object({ id: z.string(), name: z.string(), email: z.string(), language: z.string() });
export const meResponse = answerSchema<Wire.MeQuery>()(z.object({ me: usersUser }));
export const updateMyNameResponse = answerSchema<Wire.UpdateMyNameMutation>()(
  z.object({
    updateMyName: usersUser,
  }),
);
