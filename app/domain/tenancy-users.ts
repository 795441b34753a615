/**
 * The rules of a tenancy's users list (spec sections 4 and 6), shared by the Tenancy info
 * page and its tests: what an admin may do to each row, and whether a user may leave. The back-end
 * enforces the same rules (FORBIDDEN, LAST_ADMIN); the page only leaves out buttons that would fail.
 */

import { supportedLanguages } from "@common/languages";
import * as z from "zod/mini";
import { emailSchema } from "./login-form";

export interface UsersListRow {
  userId: number | null;
  invitationId: number | null;
  isAdmin: boolean;
  invitationPending: boolean;
  isCaller: boolean;
}

export type RowAction = "resend" | "withdraw" | "make-admin" | "remove-admin" | "remove";

/** The admins among the members (invitations never count). */
export function adminCount(users: readonly UsersListRow[]): number {
  return users.filter((user) => !user.invitationPending && user.isAdmin).length;
}

/** What the caller may do to a row: nothing unless an admin; never to themselves (see mayLeave). */
export function rowActions(row: UsersListRow, users: readonly UsersListRow[], callerIsAdmin: boolean): RowAction[] {
  if (!callerIsAdmin) return [];
  if (row.invitationPending) return row.invitationId === null ? [] : ["resend", "withdraw"];
  if (row.isCaller || row.userId === null) return [];
  const lastAdmin = row.isAdmin && adminCount(users) <= 1;
  return lastAdmin ? [] : [row.isAdmin ? "remove-admin" : "make-admin", "remove"];
}

/** Whether the caller may leave: not as the last admin while other members remain. */
export function mayLeave(users: readonly UsersListRow[]): boolean {
  const caller = users.find((user) => user.isCaller && !user.invitationPending);
  if (!caller) return false;
  const others = users.filter((user) => !user.invitationPending && !user.isCaller).length;
  return !(caller.isAdmin && adminCount(users) <= 1 && others > 0);
}

/** The invitation form: the invitee's e-mail and the language of their e-mail and first pages. */
export const inviteFormSchema = z.object({
  intent: z.literal("invite"),
  email: emailSchema,
  language: z.enum(supportedLanguages, { error: "tenancy_info.invite_language_required" }),
});
