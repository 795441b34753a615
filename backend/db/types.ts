/**
 * Row types of the back-end's database, as Kysely sees them.
 *
 * Conventions (kept portable so a PostgreSQL dialect can replace SQLite, see ADR 0004):
 * - calendar dates are ISO text `YYYY-MM-DD` (Europe/Copenhagen dates, no time zone attached);
 * - instants are ISO-8601 UTC text `YYYY-MM-DDTHH:mm:ss.sssZ`, which sort lexicographically;
 * - booleans are integers 0/1 (`SqlBoolean`); convert with `fromSqlBoolean`/`toSqlBoolean`;
 * - ids are integers; the GraphQL layer turns them into `ID` strings.
 */
import type { NotificationKind } from "@common/alarms";
import type { WatchKind } from "@common/watches";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** 0 or 1. */
export type SqlBoolean = number;
/** `YYYY-MM-DD`. */
export type IsoDate = string;
/** `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export type IsoInstant = string;

export const toSqlBoolean = (value: boolean): SqlBoolean => (value ? 1 : 0);
export const fromSqlBoolean = (value: SqlBoolean): boolean => value !== 0;

/** ADMIN_PORTAL: an account of the landlords' admin portal; it cannot use the tenant portal (spec section 6). */
export type UserType = "EMAIL_PASSWORD" | "GOOGLE" | "FACEBOOK" | "APPLE" | "ADMIN_PORTAL";
export type RefreshTokenService = "account" | "users";

export interface UsersTable {
  id: Generated<number>;
  /** Always stored trimmed and lower-cased (see normalizeEmail). */
  email: string;
  /** Null for social sign-in users and invited users who have not set a password. */
  password_hash: string | null;
  name: string;
  /** en, da or nb */
  language: string;
  is_superuser: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  is_active: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  is_admin: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  user_type: UserType;
  email_notifications: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  created_at: IsoInstant;
  /** 1 once the onboarding slides were shown after the first login (migration 0003). */
  onboarded: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  /** When the user confirmed the data policy at sign-up (migration 0010); null if never recorded. */
  data_policy_acknowledged_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  /** 1 when the resident gets the weekly update e-mail (migration 0015); off by default. */
  weekly_update: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
}

export interface PropertiesTable {
  id: Generated<number>;
  number: string;
  address: string;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. DK. */
  country: string;
  /** The property's contact for residents (caretaker or manager), migration 0007; each may be null. */
  contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PropertySettingsTable {
  property_id: number;
  /** e.g. HOURLY_VALUES */
  kind: string;
}

export interface Co2FactorsTable {
  property_id: number;
  /** A QuantityId of common/quantities.ts. */
  quantity: string;
  gram_per_quantity_unit: number;
}

export interface UnitsTable {
  id: Generated<number>;
  property_id: number;
  /** Matches Tenancy.apartment.uniqueId and unit.unitUniqueId, e.g. DK1042-0101. */
  unique_id: string;
  name: string;
  /** Apartment designation, e.g. '2. tv.' */
  apartment: string;
  /** Street address including the apartment designation. */
  address: string;
  floor_area: number;
  rooms: number;
}

export interface MetersTable {
  id: Generated<number>;
  unit_id: number;
  number: string;
  room_name: string | null;
  /** A QuantityId of common/quantities.ts. */
  quantity: string;
}

export interface TenanciesTable {
  /** Also the spec's tenancyId. */
  id: Generated<number>;
  unit_id: number;
  tenant_name: string;
  start_date: IsoDate;
  end_date: IsoDate | null;
  use_new_backend: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  billing_period_start: IsoDate | null;
  billing_period_end: IsoDate | null;
  data_availability_start: IsoDate | null;
  data_availability_end: IsoDate | null;
}

export interface TenancyMembersTable {
  tenancy_id: number;
  user_id: number;
  is_admin: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  /** 1 while an invited user has not accepted; such members have no access yet. */
  invitation_pending: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  created_at: IsoInstant;
}

export interface ActivationCodesTable {
  id: Generated<number>;
  /** sha256 (hex) of the normalized code, see services/activation-codes.ts. */
  code_hash: string;
  tenancy_id: number;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
  used_by_user_id: number | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  service: RefreshTokenService;
  /** All tokens rotated from one sign-in share a family; revocation is per family. */
  family_id: string;
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  /** Set when the token was rotated. */
  replaced_at: IsoInstant | null;
  /** The token issued when this one was rotated. */
  replaced_by_id: number | null;
  /** Set when the token was accepted a second time within the grace window. */
  grace_used_at: IsoInstant | null;
  revoked_at: IsoInstant | null;
  /** 1 when the family was started by impersonation (migration 0003). */
  impersonation: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  /** The family's hard end (impersonation: 60 minutes after it began); null: none. */
  absolute_expires_at: IsoInstant | null;
}

/** One row per refresh-token family: one sign-in to one service (migration 0004, ADR 0020). */
export interface TokenFamiliesTable {
  /** The family_id of its refresh tokens, and the `sid` claim of its access tokens. */
  id: string;
  user_id: number;
  service: RefreshTokenService;
  created_at: IsoInstant;
  /** Set when the family was revoked: its access tokens are refused from then on. */
  revoked_at: IsoInstant | null;
}

export interface AllocationStatementsTable {
  id: Generated<number>;
  tenancy_id: number;
  file_name: string;
  url: string;
  period_start: IsoDate;
  period_end: IsoDate;
  /** JSON array of strings, e.g. ["heating","water"]. */
  expense_types: string;
}

export type SingleUseTokenPurpose = "password_reset" | "impersonation" | "slt" | "email_change";

/** Password-reset, impersonation, short-lived (slt) and e-mail change tokens (migrations 0003, 0008; ADR 0009). */
export interface SingleUseTokensTable {
  id: Generated<number>;
  purpose: SingleUseTokenPurpose;
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  /** Set when the token was used; a used token is never accepted again. */
  used_at: IsoInstant | null;
  /** slt only: 1 when it continues an impersonation session. */
  impersonation: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  /** slt of an impersonation session: when that session ends. */
  session_expires_at: IsoInstant | null;
  /** email_change only: the address the token confirms, trimmed and lower-cased (migration 0008). */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every e-mail the back-end sent (backend/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: IsoInstant;
  /** The message's extra headers as a JSON object (migration 0015), e.g. List-Unsubscribe; null when none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * One resident's weekly update e-mail of one week (migration 0015, ADR 0076): `week` is the
 * Monday (YYYY-MM-DD) of the week reported; unique per user and week.
 */
export interface WeeklyUpdateSendsTable {
  id: Generated<number>;
  user_id: number;
  week: string;
  status: "sending" | "sent" | "failed";
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_at: IsoInstant;
  sent_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  outbox_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * One fixed window of an abuse limit (migration 0009, ADR 0010; services/rate-limits.ts): `count`
 * hits of `rule` for `key` until `window_ends`. The key is opaque (the portal's keyed hash).
 */
export interface RateLimitsTable {
  /** A rule name of services/rate-limits.ts, e.g. SIGN_IN_PER_ADDRESS. */
  rule: string;
  key: string;
  window_ends: IsoInstant;
  count: number;
}

/** Raw meter readings (migration 0002, ADR 0008): register values or samples. */
export interface MeterReadingsTable {
  meter_id: number;
  /** Epoch seconds (UTC). */
  ts: number;
  value: number;
}

/** A property's outdoor temperature meter (ADR 0071): not a unit's, so in no home's figures. */
export interface OutdoorMetersTable {
  id: Generated<number>;
  property_id: number;
  /** Unique across meters and outdoor_meters. */
  number: string;
}

/** A raw outdoor temperature sample. */
export interface OutdoorReadingsTable {
  meter_id: number;
  /** Epoch seconds (UTC). */
  ts: number;
  celsius: number;
}

/** A Copenhagen day of an outdoor meter: the sum of its hours' mean temperatures and their count. */
export interface OutdoorDailyTable {
  meter_id: number;
  /** YYYY-MM-DD, Copenhagen. */
  day: string;
  celsius_sum: number;
  hours: number;
}

/** A rollup row: value = consumption or sum of samples; weight = covered hours or sample count. */
interface ConsumptionRollup {
  meter_id: number;
  value: number;
  weight: number;
}

export interface ConsumptionHourlyTable extends ConsumptionRollup {
  /** Epoch seconds of the hour's start (UTC). */
  hour: number;
}

export interface ConsumptionDailyTable extends ConsumptionRollup {
  /** Copenhagen date YYYY-MM-DD. */
  day: IsoDate;
}

export interface ConsumptionMonthlyTable extends ConsumptionRollup {
  /** Copenhagen month YYYY-MM. */
  month: string;
}

/**
 * A property's homes summed per quantity as a view shows it and contributing meter quantity
 * (total water of a home without total-water meters: its hot and its cold water), addition
 * quantities only (ADR 0038).
 */
interface PropertyRollup {
  property_id: number;
  quantity: string;
  meter_quantity: string;
  /** Σ of the homes' values. */
  value: number;
  /** Σ of each home's value per m2 of its own floor area. */
  value_per_m2: number;
  /** Homes with data in the day or hour (any meter quantity of the view's quantity). */
  units: number;
}

export interface PropertyDailyTable extends PropertyRollup {
  day: IsoDate;
}

export interface PropertyHourlyTable extends PropertyRollup {
  /** Epoch seconds of the hour's start (UTC). */
  hour: number;
}

/** A home's run of consecutive days [first_day, end_day) with data of a quantity. */
export interface PropertyUnitRunsTable {
  property_id: number;
  quantity: string;
  unit_id: number;
  first_day: IsoDate;
  end_day: IsoDate;
  /** The end of the same home's previous run of the quantity; null for its first (migration 0012). */
  prev_end: IsoDate | null;
}

/** Per property, quantity and day: how many homes' runs start and end there (migration 0012). */
export interface PropertyRunEdgesTable {
  property_id: number;
  quantity: string;
  day: IsoDate;
  starts: number;
  ends: number;
}

/** Price per unit of a quantity in a validity period (quantityPrices). */
export interface QuantityPricesTable {
  id: Generated<number>;
  quantity: string;
  price: number;
  /** ISO 4217, e.g. DKK. */
  currency: string;
  valid_from: IsoDate;
  /** Inclusive; null: open-ended. */
  valid_to: IsoDate | null;
}

/** Hourly electricity market price (per kWh), may be negative. */
export interface MarketPricesTable {
  /** Price area, e.g. DK2. */
  area: string;
  /** Epoch seconds of the hour's start (UTC). */
  hour: number;
  price: number;
  currency: string;
}

/** Demo seed steps already applied (see db/seed/demo.ts). */
export interface SeedStepsTable {
  name: string;
}

/** An alarm of a user on a tenancy (migration 0005; rules in common/alarms.ts). */
export interface AlarmsTable {
  id: Generated<number>;
  user_id: number;
  tenancy_id: number;
  quantity: string;
  type: "threshold" | "comparison" | "zero" | "minimum" | "maximum";
  frequency: "day" | "week" | "month" | "year";
  /** In the quantity's unit; a percentage for comparison; 0 for zero consumption. */
  level: number;
  enabled: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** What a resident reads: an alarm that fired, or a consumption report (migration 0005). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  tenancy_id: number;
  alarm_id: number | null;
  kind: NotificationKind;
  quantity: string | null;
  alarm_type: string | null;
  frequency: string | null;
  direction: "above" | "below" | "increase" | null;
  threshold: number | null;
  value: number | null;
  compared_value: number | null;
  period_start: IsoDate;
  period_end: IsoDate;
  report_code: string | null;
  created_at: IsoInstant;
  read_at: IsoInstant | null;
  emailed_at: IsoInstant | null;
  /** The watch kinds' nights or days (migration 0014): a JSON array of {date, value}; null otherwise. */
  watch_days: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A user's watch on a tenancy (migration 0014, ADR 0075); no row is off. */
export interface WatchesTable {
  user_id: number;
  tenancy_id: number;
  kind: WatchKind;
  enabled: SqlBoolean;
  /** The first Copenhagen date the job judges. */
  since: IsoDate;
  /** The last Copenhagen date a job run judged; null before the first. */
  evaluated_through: IsoDate | null;
  updated_at: IsoInstant;
}

/** The dashboard's watch suggestion, dismissed by the user on the tenancy (migration 0014). */
export interface WatchSuggestionsTable {
  user_id: number;
  tenancy_id: number;
  dismissed_at: IsoInstant;
}

/** One evaluated closed period of an alarm (migration 0005). */
export interface AlarmEvaluationsTable {
  alarm_id: number;
  period_start: IsoDate;
  period_end: IsoDate;
  evaluated_at: IsoInstant;
  values_seen: number;
  fired: ColumnType<SqlBoolean, SqlBoolean | undefined, SqlBoolean>;
}

/** A monthly consumption report (migration 0006). */
export interface ConsumptionReportsTable {
  id: Generated<number>;
  tenancy_id: number;
  /** YYYY-MM. */
  month: string;
  /** The unguessable link code (/report/{code}). */
  code: string;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  revoked_at: IsoInstant | null;
}

/**
 * An admin's invitation of an e-mail address to a tenancy (migration 0007). Open while
 * withdrawn_at and accepted_at are null (at most one open per tenancy and e-mail).
 */
export interface TenancyInvitationsTable {
  id: Generated<number>;
  tenancy_id: number;
  /** Trimmed and lower-cased. */
  email: string;
  /** da, en or nb: the language of the e-mail. */
  language: string;
  /** The activation code of the latest e-mail (a resend replaces it and ends the old one). */
  activation_code_id: number;
  invited_by_user_id: number | null;
  created_at: IsoInstant;
  withdrawn_at: IsoInstant | null;
  accepted_at: IsoInstant | null;
  accepted_by_user_id: number | null;
}

export interface Database {
  tenancy_invitations: TenancyInvitationsTable;
  consumption_reports: ConsumptionReportsTable;
  alarms: AlarmsTable;
  notifications: NotificationsTable;
  watches: WatchesTable;
  watch_suggestions: WatchSuggestionsTable;
  alarm_evaluations: AlarmEvaluationsTable;
  users: UsersTable;
  properties: PropertiesTable;
  property_settings: PropertySettingsTable;
  co2_factors: Co2FactorsTable;
  units: UnitsTable;
  meters: MetersTable;
  tenancies: TenanciesTable;
  tenancy_members: TenancyMembersTable;
  activation_codes: ActivationCodesTable;
  refresh_tokens: RefreshTokensTable;
  token_families: TokenFamiliesTable;
  allocation_statements: AllocationStatementsTable;
  seed_steps: SeedStepsTable;
  meter_readings: MeterReadingsTable;
  outdoor_meters: OutdoorMetersTable;
  outdoor_readings: OutdoorReadingsTable;
  outdoor_daily: OutdoorDailyTable;
  consumption_hourly: ConsumptionHourlyTable;
  consumption_daily: ConsumptionDailyTable;
  consumption_monthly: ConsumptionMonthlyTable;
  property_daily: PropertyDailyTable;
  property_hourly: PropertyHourlyTable;
  property_unit_runs: PropertyUnitRunsTable;
  property_run_edges: PropertyRunEdgesTable;
  quantity_prices: QuantityPricesTable;
  market_prices: MarketPricesTable;
  single_use_tokens: SingleUseTokensTable;
  mail_outbox: MailOutboxTable;
  weekly_update_sends: WeeklyUpdateSendsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PropertyRow = Selectable<PropertiesTable>;
export type UnitRow = Selectable<UnitsTable>;
export type MeterRow = Selectable<MetersTable>;
export type TenancyRow = Selectable<TenanciesTable>;
export type TenancyMemberRow = Selectable<TenancyMembersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type AllocationStatementRow = Selectable<AllocationStatementsTable>;
export type SingleUseTokenRow = Selectable<SingleUseTokensTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type TenancyInvitationRow = Selectable<TenancyInvitationsTable>;
