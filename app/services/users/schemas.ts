import { z } from "zod";
import { fieldAnswer, propertySettings, revokedAnswer } from "../answer-parts";
import type * as Wire from "./graphql.generated";

const tokenPair = z.object({
  ok: z.object({ token: z.string().min(1), refreshToken: z.string().min(1), expiresAt: z.number().int() }),
});

export const loginResponse = fieldAnswer<Wire.LoginWithEmailAndPasswordMutation>()(
  "loginWithEmailAndPassword",
  tokenPair,
);
export const loginFromSltResponse = fieldAnswer<Wire.LoginFromSltMutation>()("loginFromSlt", tokenPair);
export const refreshResponse = fieldAnswer<Wire.RefreshUsersTokenMutation>()("refreshToken", tokenPair);
export const revokeResponse = fieldAnswer<Wire.RevokeUsersTokenMutation>()("revokeToken", revokedAnswer);

export const userUnitSchema = z.object({
  unit: z.object({ id: z.string(), unitUniqueId: z.string(), name: z.string() }),
  path: z.array(
    z.object({
      property: z.object({ id: z.string(), number: z.string(), settings: propertySettings }),
    }),
  ),
});
export const userUnitsResponse = fieldAnswer<Wire.UserUnitsQuery>()("userUnits", z.array(userUnitSchema));
export type UserUnit = z.infer<typeof userUnitSchema>;

// Profile
const usersUser = z.object({ id: z.string(), name: z.string(), email: z.string(), language: z.string() });
/** The caller as `me` gives it: spec section 7's fields, the permissions and tenancies included. */
const me = usersUser.extend({
  permissions: z.array(z.object({ name: z.string(), description: z.string() })),
  accounts: z.array(z.object({ id: z.string() })),
});
export const meResponse = fieldAnswer<Wire.MeQuery>()("me", me);
export type Me = z.infer<typeof me>;
export const updateMyNameResponse = fieldAnswer<Wire.UpdateMyNameMutation>()("updateMyName", usersUser);
