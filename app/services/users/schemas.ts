import { z } from "zod";
import type * as Wire from "./graphql.generated";
import { propertySettings, revokedAnswer } from "../answer-parts";

const tokenPair = z.object({
  ok: z.object({ token: z.string().min(1), refreshToken: z.string().min(1), expiresAt: z.number().int() }),
});

export const loginResponse = z.object({
  loginWithEmailAndPassword: tokenPair,
}) satisfies z.ZodType<Wire.LoginWithEmailAndPasswordMutation>;
export const loginFromSltResponse = z.object({
  loginFromSlt: tokenPair,
}) satisfies z.ZodType<Wire.LoginFromSltMutation>;
export const refreshResponse = z.object({
  refreshToken: tokenPair,
}) satisfies z.ZodType<Wire.RefreshUsersTokenMutation>;
export const revokeResponse = z.object({
  revokeToken: revokedAnswer,
}) satisfies z.ZodType<Wire.RevokeUsersTokenMutation>;

export const userUnitSchema = z.object({
  unit: z.object({ id: z.string(), unitUniqueId: z.string(), name: z.string() }),
  path: z.array(
    z.object({
      property: z.object({ id: z.string(), number: z.string(), settings: propertySettings }),
    }),
  ),
});
export const userUnitsResponse = z.object({
  userUnits: z.array(userUnitSchema),
}) satisfies z.ZodType<Wire.UserUnitsQuery>;
export type UserUnit = z.infer<typeof userUnitSchema>;

// Profile
const usersUser = z.object({ id: z.string(), name: z.string(), email: z.string(), language: z.string() });
export const meResponse = z.object({ me: usersUser }) satisfies z.ZodType<Wire.MeQuery>;
export const updateMyNameResponse = z.object({
  updateMyName: usersUser,
}) satisfies z.ZodType<Wire.UpdateMyNameMutation>;
