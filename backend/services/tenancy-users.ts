/**
 * Tenancy info and its users (schema/account.graphql): a tenancy with its property's contact
 * and its users (tenancy-info.ts), and what an admin of the tenancy may do to them (spec sections 4
 * and 6): invite by e-mail, resend or withdraw an invitation, make a user admin or not, remove a
 * user; and any member may leave.
 *
 * - An invitation (tenancy_invitations, migration 0007) carries a 12-letter activation code of the
 *   tenancy, valid 30 days, e-mailed as `${PORTAL_URL}/signup?activationCode=…`. A resend gives it
 *   a new code and ends the old one; a withdrawal ends its code; using the code (addTenancy,
 *   activation-codes.ts) accepts it. Ended codes answer ACTIVATION_CODE_INVALID.
 * - A tenancy keeps at least one admin while it has members (LAST_ADMIN).
 * - Leaving or being removed also deletes that user's alarms and notifications of the tenancy.
 * - Memberships pending from before invitations existed (tenancy_members.invitation_pending, e.g.
 *   the demo's Sofie) are listed with the invitations: userId set, invitationId null. An admin can
 *   remove them (removeTenancyUser); they cannot be resent.
 *
 * Every check and its change run in one transaction, so two admins acting at once cannot leave a
 * tenancy without an admin. E-mails are sent after the transaction has committed.
 */

import { invitationLink } from "@common/portal-paths";
import type { Transaction } from "kysely";
import type { Database, TenancyRow, UserRow } from "../db/types";
import { invitationMail } from "../mail/invitation";
import type { TenancyInfo } from "../schema/account.generated";
import { assertTenancyAdmin, callerAndTenancy } from "./access";
import type { BackendContext } from "./account-context";
import { defaultAccountLanguage, isAccountLanguage, parseEmail } from "./account-users";
import { endActivationCode, issueActivationCode } from "./activation-codes";
import type { ServiceContext } from "./context";
import { serviceError } from "./errors";
import { buildTenancyInfo, type Db, openInvitations, unitOfTenancy } from "./tenancy-info";

export { buildTenancyInfo } from "./tenancy-info";

/** How long an invitation's code works. */
export const invitationValidDays = 30;

/** The user's membership of the tenancy when it is effective (not pending), else undefined. */
function effectiveMembership(db: Db, tenancyId: number, userId: number) {
  return db
    .selectFrom("tenancy_members")
    .select("is_admin")
    .where("tenancy_id", "=", tenancyId)
    .where("user_id", "=", userId)
    .where("invitation_pending", "=", 0)
    .executeTakeFirst();
}

/** The number of the tenancy's members, or only of its admins (pending memberships never count). */
async function countMembers(db: Db, tenancyId: number, only: "members" | "admins"): Promise<number> {
  const row = await db
    .selectFrom("tenancy_members")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("tenancy_id", "=", tenancyId)
    .where("invitation_pending", "=", 0)
    .$if(only === "admins", (query) => query.where("is_admin", "=", 1))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The number of admins among the tenancy's members. */
export function adminCount(db: Db, tenancyId: number): Promise<number> {
  return countMembers(db, tenancyId, "admins");
}

/** The number of the tenancy's members. */
export function memberCount(db: Db, tenancyId: number): Promise<number> {
  return countMembers(db, tenancyId, "members");
}

/** Ends a user's membership: the membership, and their alarms and notifications of the tenancy. */
async function removeMembership(trx: Transaction<Database>, tenancyId: number, userId: number): Promise<void> {
  await trx.deleteFrom("notifications").where("tenancy_id", "=", tenancyId).where("user_id", "=", userId).execute();
  // alarm_evaluations go with their alarm (on delete cascade).
  await trx.deleteFrom("alarms").where("tenancy_id", "=", tenancyId).where("user_id", "=", userId).execute();
  await trx.deleteFrom("tenancy_members").where("tenancy_id", "=", tenancyId).where("user_id", "=", userId).execute();
}

/** An open invitation of the tenancy, or INVITATION_NOT_FOUND. */
async function openInvitation(trx: Transaction<Database>, tenancyId: number, invitationId: number) {
  const invitation = await openInvitations(trx, tenancyId)
    .selectAll()
    .where("id", "=", invitationId)
    .executeTakeFirst();
  if (invitation === undefined) throw serviceError("INVITATION_NOT_FOUND");
  return invitation;
}

/** Gives an open invitation a new code and ends its old one; returns the new code. */
async function renewInvitationCode(
  trx: Transaction<Database>,
  invitation: { id: number; tenancy_id: number; activation_code_id: number },
  now: Date,
  language?: string,
): Promise<string> {
  const { id: codeId, code } = await issueActivationCode(trx, {
    tenancyId: invitation.tenancy_id,
    now,
    validDays: invitationValidDays,
  });
  await endActivationCode(trx, { id: invitation.activation_code_id, now });
  await trx
    .updateTable("tenancy_invitations")
    .set(language === undefined ? { activation_code_id: codeId } : { activation_code_id: codeId, language })
    .where("id", "=", invitation.id)
    .execute();
  return code;
}

interface InvitationToSend {
  email: string;
  language: string;
  code: string;
}

async function sendInvitation(
  ctx: BackendContext,
  tenancy: TenancyRow,
  inviter: UserRow,
  invitation: InvitationToSend,
) {
  const unit = await unitOfTenancy(ctx.db, tenancy);
  await ctx.flows.mailer.send(
    invitationMail({
      to: invitation.email,
      language: invitation.language,
      link: invitationLink(ctx.flows.portalUrl, invitation.code),
      code: invitation.code,
      inviter: inviter.name.trim() === "" ? inviter.email : inviter.name,
      home: `${unit.address}, ${unit.zipcode} ${unit.city}`,
      validDays: invitationValidDays,
      brand: ctx.flows.brand,
    }),
  );
}

/** What an admin's change finds: the arguments, the request, the tenancy and the admin. */
interface AdminChange<Args, Ctx extends ServiceContext> {
  args: Args;
  ctx: Ctx;
  tenancy: TenancyRow;
  caller: UserRow;
}

/**
 * The resolver of what an admin does to the tenancy's users: FORBIDDEN unless the caller is an
 * admin of it, then `change` in one transaction, then what the change gives back to do once it has
 * committed (an e-mail), then the tenancy as it is now (an admin who removed themselves sees it
 * without them).
 */
function tenancyAdminMutation<Args extends { tenancyId: number }, Ctx extends ServiceContext = ServiceContext>(
  change: (trx: Transaction<Database>, found: AdminChange<Args, Ctx>) => Promise<void | (() => Promise<void>)>,
) {
  return async (_: unknown, args: Args, ctx: Ctx): Promise<TenancyInfo> => {
    const caller = await ctx.requireCaller();
    const tenancy = await assertTenancyAdmin(ctx.db, caller.id, args.tenancyId);
    const afterCommit = await ctx.db.transaction().execute((trx) => change(trx, { args, ctx, tenancy, caller }));
    await afterCommit?.();
    return buildTenancyInfo(ctx.db, tenancy, caller.id);
  };
}

/** Invites an address, or invites it again with a new code when its invitation is still open. */
async function invite(
  trx: Transaction<Database>,
  { args, ctx: { now }, tenancy, caller }: AdminChange<{ email: string; language?: string | null }, ServiceContext>,
): Promise<InvitationToSend> {
  const email = parseEmail(args.email.slice(0, 1000));
  const user = await trx.selectFrom("users").select(["id", "language"]).where("email", "=", email).executeTakeFirst();
  if (user !== undefined && (await effectiveMembership(trx, tenancy.id, user.id)) !== undefined) {
    throw serviceError("ALREADY_MEMBER");
  }
  const given = isAccountLanguage(args.language) ? args.language : undefined;
  const open = await openInvitations(trx, tenancy.id).selectAll().where("email", "=", email).executeTakeFirst();
  if (open !== undefined) {
    // Invited before: send it again (a new code; the old one ends).
    const code = await renewInvitationCode(trx, open, now, given);
    return { email, language: given ?? open.language, code };
  }
  const language = given ?? (isAccountLanguage(user?.language) ? user.language : defaultAccountLanguage);
  const { id: codeId, code } = await issueActivationCode(trx, {
    tenancyId: tenancy.id,
    now,
    validDays: invitationValidDays,
  });
  await trx
    .insertInto("tenancy_invitations")
    .values({
      tenancy_id: tenancy.id,
      email,
      language,
      activation_code_id: codeId,
      invited_by_user_id: caller.id,
      created_at: now.toISOString(),
    })
    .execute();
  return { email, language, code };
}

type InvitationArgs = { tenancyId: number; invitationId: number };
type UserArgs = { tenancyId: number; userId: number };

export const tenancyUsersResolvers = {
  Query: {
    async tenancyInfo(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<TenancyInfo> {
      const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
      return buildTenancyInfo(ctx.db, tenancy, caller.id);
    },
  },
  Mutation: {
    inviteTenancyUser: tenancyAdminMutation<
      { tenancyId: number; email: string; language?: string | null },
      BackendContext
    >(async (trx, found) => {
      const invitation = await invite(trx, found);
      return () => sendInvitation(found.ctx, found.tenancy, found.caller, invitation);
    }),

    resendTenancyInvitation: tenancyAdminMutation<InvitationArgs, BackendContext>(async (trx, found) => {
      const open = await openInvitation(trx, found.tenancy.id, found.args.invitationId);
      const code = await renewInvitationCode(trx, open, found.ctx.now);
      return () =>
        sendInvitation(found.ctx, found.tenancy, found.caller, { email: open.email, language: open.language, code });
    }),

    withdrawTenancyInvitation: tenancyAdminMutation<InvitationArgs>(async (trx, { args, ctx, tenancy }) => {
      const open = await openInvitation(trx, tenancy.id, args.invitationId);
      await trx
        .updateTable("tenancy_invitations")
        .set({ withdrawn_at: ctx.now.toISOString() })
        .where("id", "=", open.id)
        .execute();
      await endActivationCode(trx, { id: open.activation_code_id, now: ctx.now });
    }),

    setTenancyUserAdmin: tenancyAdminMutation<UserArgs & { isAdmin: boolean }>(async (trx, { args, tenancy }) => {
      const member = await effectiveMembership(trx, tenancy.id, args.userId);
      if (member === undefined) throw serviceError("USER_NOT_FOUND");
      if (member.is_admin === (args.isAdmin ? 1 : 0)) return;
      if (!args.isAdmin && (await adminCount(trx, tenancy.id)) <= 1) throw serviceError("LAST_ADMIN");
      await trx
        .updateTable("tenancy_members")
        .set({ is_admin: args.isAdmin ? 1 : 0 })
        .where("tenancy_id", "=", tenancy.id)
        .where("user_id", "=", args.userId)
        .execute();
    }),

    removeTenancyUser: tenancyAdminMutation<UserArgs>(async (trx, { args, tenancy }) => {
      const member = await trx
        .selectFrom("tenancy_members")
        .select(["is_admin", "invitation_pending"])
        .where("tenancy_id", "=", tenancy.id)
        .where("user_id", "=", args.userId)
        .executeTakeFirst();
      if (member === undefined) throw serviceError("USER_NOT_FOUND");
      const isEffectiveAdmin = member.invitation_pending === 0 && member.is_admin === 1;
      if (isEffectiveAdmin && (await adminCount(trx, tenancy.id)) <= 1) throw serviceError("LAST_ADMIN");
      await removeMembership(trx, tenancy.id, args.userId);
    }),

    async leaveTenancy(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<{ ok: boolean }> {
      const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
      await ctx.db.transaction().execute(async (trx) => {
        const member = await effectiveMembership(trx, tenancy.id, caller.id);
        if (member === undefined) throw serviceError("FORBIDDEN");
        if (
          member.is_admin === 1 &&
          (await adminCount(trx, tenancy.id)) <= 1 &&
          (await memberCount(trx, tenancy.id)) > 1
        ) {
          throw serviceError("LAST_ADMIN");
        }
        await removeMembership(trx, tenancy.id, caller.id);
      });
      return { ok: true };
    },
  },
};
