/**
 * The caller's data (GDPR Art. 15 and 20; the query myData of profile.ts): their profile,
 * tenancies, alarms and notifications as one JSON document.
 */
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../db/types";

/** The user's memberships, pending ones too, each with its tenancy, unit and property. */
export function membershipsWithHomes(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("tenancy_members")
    .innerJoin("tenancies", "tenancies.id", "tenancy_members.tenancy_id")
    .innerJoin("units", "units.id", "tenancies.unit_id")
    .innerJoin("properties", "properties.id", "units.property_id")
    .where("tenancy_members.user_id", "=", userId);
}

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Every column but `omit`, keys in camelCase; `booleans` (0/1 columns) as true/false. */
function exportRow(row: Record<string, unknown>, options: { omit: readonly string[]; booleans: readonly string[] }) {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (options.omit.includes(key)) continue;
    result[camelCase(key)] = options.booleans.includes(key) ? value === 1 : value;
  }
  return result;
}

export interface MyData {
  exportedAt: string;
  profile: {
    id: number;
    email: string;
    name: string;
    language: string;
    emailNotifications: boolean;
    /** The weekly update e-mail (migration 0015). */
    weeklyUpdate: boolean;
    userType: string;
    createdAt: string;
    /** When the data policy was confirmed at sign-up (spec section 3); null if never recorded. */
    dataPolicyAcknowledgedAt: string | null;
  };
  tenancies: {
    id: number;
    address: string;
    zipcode: string;
    city: string;
    start: string;
    end: string | null;
    isAdmin: boolean;
    invitationPending: boolean;
  }[];
  alarms: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
}

export async function collectMyData(db: Kysely<Database>, user: UserRow, now: Date): Promise<MyData> {
  const tenancies = await membershipsWithHomes(db, user.id)
    .select([
      "tenancies.id as id",
      "units.address as address",
      "properties.zipcode as zipcode",
      "properties.city as city",
      "tenancies.start_date as start",
      "tenancies.end_date as end",
      "tenancy_members.is_admin as isAdmin",
      "tenancy_members.invitation_pending as invitationPending",
    ])
    .orderBy("tenancies.start_date")
    .orderBy("tenancies.id")
    .execute();
  const alarms = await db.selectFrom("alarms").selectAll().where("user_id", "=", user.id).orderBy("id").execute();
  const notifications = await db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", user.id)
    .orderBy("id")
    .execute();
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
      emailNotifications: user.email_notifications === 1,
      weeklyUpdate: user.weekly_update === 1,
      userType: user.user_type,
      createdAt: user.created_at,
      dataPolicyAcknowledgedAt: user.data_policy_acknowledged_at,
    },
    tenancies: tenancies.map((tenancy) => ({
      ...tenancy,
      isAdmin: tenancy.isAdmin === 1,
      invitationPending: tenancy.invitationPending === 1,
    })),
    alarms: alarms.map((alarm) => exportRow(alarm, { omit: ["user_id"], booleans: ["enabled"] })),
    notifications: notifications.map((notification) => exportRow(notification, { omit: ["user_id"], booleans: [] })),
  };
}
