import { z } from "zod";
import { answerRules, tokenPair } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/**
 * The users service's answers are their generated types, each checked against its generated shape
 * (answer-shapes.ts, ADR 0064); the rules below say only what those types cannot: a token pair's
 * tokens are not empty.
 */

/** A sign-in's or a refresh's answer: its tokens under `ok`. */
const tokensOk = z.looseObject({ ok: tokenPair });

export const loginResponse = answerRules<Wire.LoginWithEmailAndPasswordMutation>()(
  z.looseObject({ loginWithEmailAndPassword: tokensOk }),
);
export const loginFromSltResponse = answerRules<Wire.LoginFromSltMutation>()(z.looseObject({ loginFromSlt: tokensOk }));
export const refreshResponse = answerRules<Wire.RefreshUsersTokenMutation>()(z.looseObject({ refreshToken: tokensOk }));
/** The types say it all. */
export const revokeResponse = answerRules<Wire.RevokeUsersTokenMutation>()(z.unknown());

export type UserUnit = Wire.UserUnitsQuery["userUnits"][number];
export const userUnitsResponse = answerRules<Wire.UserUnitsQuery>()(z.unknown());

// Profile
/** The caller as `me` gives it: spec section 7's fields, the permissions and tenancies included. */
export type Me = Wire.MeQuery["me"];
export const meResponse = answerRules<Wire.MeQuery>()(z.unknown());
export const updateMyNameResponse = answerRules<Wire.UpdateMyNameMutation>()(z.unknown());
