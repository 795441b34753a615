/**
 * A tenancy as its users see it on Tenancy info (schema/account.graphql): its home, its property's
 * contact and its users, members and pending ones. What admins change is in tenancy-users.ts.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, TenancyRow } from "../db/types";
import type { TenancyInfo, TenancyUser } from "../schema/account.generated";

export type Db = Kysely<Database> | Transaction<Database>;

export async function unitOfTenancy(db: Db, tenancy: TenancyRow) {
  return db
    .selectFrom("units")
    .innerJoin("properties", "properties.id", "units.property_id")
    .select([
      "units.address as address",
      "properties.zipcode as zipcode",
      "properties.city as city",
      "properties.contact_name as contactName",
      "properties.contact_email as contactEmail",
      "properties.contact_phone as contactPhone",
    ])
    .where("units.id", "=", tenancy.unit_id)
    .executeTakeFirstOrThrow();
}

/** The tenancy's invitations still open: neither withdrawn nor accepted. */
export function openInvitations(db: Db, tenancyId: number) {
  return db
    .selectFrom("tenancy_invitations")
    .where("tenancy_id", "=", tenancyId)
    .where("withdrawn_at", "is", null)
    .where("accepted_at", "is", null);
}

/** The memberships that make their users admins of their tenancies: admin, and not pending. */
export function effectiveAdmins(db: Db) {
  return db.selectFrom("tenancy_members").where("is_admin", "=", 1).where("invitation_pending", "=", 0);
}

/**
 * The tenancy as `callerId` sees it: members first (admins first, then by name), then pending
 * ones (open invitations and pending memberships, oldest first). The caller's membership is not
 * checked here (the resolvers do it first).
 */
export async function buildTenancyInfo(db: Db, tenancy: TenancyRow, callerId: number): Promise<TenancyInfo> {
  const unit = await unitOfTenancy(db, tenancy);
  const memberships = await db
    .selectFrom("tenancy_members")
    .innerJoin("users", "users.id", "tenancy_members.user_id")
    .select([
      "tenancy_members.user_id as userId",
      "tenancy_members.is_admin as isAdmin",
      "tenancy_members.invitation_pending as pending",
      "tenancy_members.created_at as createdAt",
      "users.name as name",
      "users.email as email",
    ])
    .where("tenancy_members.tenancy_id", "=", tenancy.id)
    .execute();
  const invitations = await openInvitations(db, tenancy.id).select(["id", "email", "created_at"]).execute();

  // A member as listed; a pending one is neither admin nor caller yet, and shows when it was invited.
  const fromMembership = (row: (typeof memberships)[number]): TenancyUser => {
    const pending = row.pending === 1;
    return {
      userId: row.userId,
      invitationId: null,
      name: row.name.trim() === "" ? null : row.name,
      email: row.email,
      isAdmin: !pending && row.isAdmin === 1,
      invitationPending: pending,
      isCaller: !pending && row.userId === callerId,
      invitedAt: pending ? row.createdAt : null,
    };
  };
  const members = memberships
    .filter((row) => row.pending === 0)
    .map(fromMembership)
    .sort(
      (a, b) =>
        Number(b.isAdmin) - Number(a.isAdmin) ||
        (a.name ?? a.email).localeCompare(b.name ?? b.email, "da") ||
        a.email.localeCompare(b.email) ||
        (a.userId ?? 0) - (b.userId ?? 0),
    );

  const invitedEmails = new Set(invitations.map((invitation) => invitation.email));
  const pending: TenancyUser[] = [
    ...memberships.filter((row) => row.pending === 1 && !invitedEmails.has(row.email)).map(fromMembership),
    ...invitations.map(
      (invitation): TenancyUser => ({
        userId: null,
        invitationId: invitation.id,
        name: null,
        email: invitation.email,
        isAdmin: false,
        invitationPending: true,
        isCaller: false,
        invitedAt: invitation.created_at,
      }),
    ),
  ].sort(
    (a, b) => (a.invitedAt ?? "").localeCompare(b.invitedAt ?? "") || (a.invitationId ?? 0) - (b.invitationId ?? 0),
  );

  const hasContact = unit.contactName !== null || unit.contactEmail !== null || unit.contactPhone !== null;
  return {
    id: tenancy.id,
    address: unit.address,
    zipcode: unit.zipcode,
    city: unit.city,
    startDate: tenancy.start_date,
    endDate: tenancy.end_date,
    billingPeriodStart: tenancy.billing_period_start,
    billingPeriodEnd: tenancy.billing_period_end,
    propertyContact: hasContact ? { name: unit.contactName, email: unit.contactEmail, phone: unit.contactPhone } : null,
    callerIsAdmin: members.some((member) => member.isCaller && member.isAdmin),
    users: [...members, ...pending],
  };
}
