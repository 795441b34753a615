-- 0001_initial up
create table "users" ("id" integer primary key autoincrement, "email" text not null unique, "password_hash" text, "name" text default '' not null, "language" text default 'da' not null, "is_superuser" integer default 0 not null check ("is_superuser" in (0, 1)), "is_active" integer default 1 not null check ("is_active" in (0, 1)), "is_admin" integer default 0 not null check ("is_admin" in (0, 1)), "user_type" text default 'EMAIL_PASSWORD' not null, "email_notifications" integer default 1 not null check ("email_notifications" in (0, 1)), "created_at" text not null);
create table "properties" ("id" integer primary key autoincrement, "number" text not null unique, "address" text not null, "zipcode" text not null, "city" text not null, "country" text not null);
create table "property_settings" ("property_id" integer not null references "properties" ("id") on delete cascade, "kind" text not null, constraint "property_settings_pk" primary key ("property_id", "kind"));
create table "co2_factors" ("property_id" integer not null references "properties" ("id") on delete cascade, "quantity" text not null, "gram_per_quantity_unit" real not null, constraint "co2_factors_pk" primary key ("property_id", "quantity"));
create table "units" ("id" integer primary key autoincrement, "property_id" integer not null references "properties" ("id") on delete restrict, "unique_id" text not null unique, "name" text not null, "apartment" text not null, "address" text not null, "floor_area" real not null check (floor_area > 0), "rooms" integer not null check (rooms >= 0));
create index "units_property_id_idx" on "units" ("property_id");
create table "meters" ("id" integer primary key autoincrement, "unit_id" integer not null references "units" ("id") on delete restrict, "number" text not null unique, "room_name" text, "quantity" text not null);
create index "meters_unit_id_idx" on "meters" ("unit_id");
create table "tenancies" ("id" integer primary key autoincrement, "unit_id" integer not null references "units" ("id") on delete restrict, "tenant_name" text not null, "start_date" text not null, "end_date" text check (end_date is null or end_date >= start_date), "use_new_backend" integer default 1 not null check ("use_new_backend" in (0, 1)), "billing_period_start" text, "billing_period_end" text, "data_availability_start" text, "data_availability_end" text);
create index "tenancies_unit_id_idx" on "tenancies" ("unit_id");
create table "tenancy_members" ("tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "is_admin" integer default 0 not null check ("is_admin" in (0, 1)), "invitation_pending" integer default 0 not null check ("invitation_pending" in (0, 1)), "created_at" text not null, constraint "tenancy_members_pk" primary key ("tenancy_id", "user_id"));
create index "tenancy_members_user_id_idx" on "tenancy_members" ("user_id");
create table "activation_codes" ("id" integer primary key autoincrement, "code_hash" text not null unique, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "expires_at" text not null, "used_at" text, "used_by_user_id" integer references "users" ("id") on delete set null);
create index "activation_codes_tenancy_id_idx" on "activation_codes" ("tenancy_id");
create table "refresh_tokens" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "service" text not null check (service in ('account', 'users')), "family_id" text not null, "token_hash" text not null unique, "created_at" text not null, "expires_at" text not null, "replaced_at" text, "replaced_by_id" integer references "refresh_tokens" ("id") on delete set null, "grace_used_at" text, "revoked_at" text);
create index "refresh_tokens_family_id_idx" on "refresh_tokens" ("family_id");
create index "refresh_tokens_user_id_idx" on "refresh_tokens" ("user_id");
create table "allocation_statements" ("id" integer primary key autoincrement, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "file_name" text not null, "url" text not null, "period_start" text not null, "period_end" text not null, "expense_types" text default '[]' not null);
create index "allocation_statements_tenancy_period_idx" on "allocation_statements" ("tenancy_id", "period_end");
create table "seed_steps" ("name" text primary key);
-- 0002_readings up
create table "meter_readings" ("meter_id" integer not null references "meters" ("id") on delete cascade, "ts" integer not null, "value" real not null, constraint "meter_readings_pk" primary key ("meter_id", "ts")) without rowid;
create table "consumption_hourly" ("meter_id" integer not null references "meters" ("id") on delete cascade, "hour" integer not null, "value" real not null, "weight" real not null, constraint "consumption_hourly_pk" primary key ("meter_id", "hour")) without rowid;
create table "consumption_daily" ("meter_id" integer not null references "meters" ("id") on delete cascade, "day" text not null, "value" real not null, "weight" real not null, constraint "consumption_daily_pk" primary key ("meter_id", "day")) without rowid;
create table "consumption_monthly" ("meter_id" integer not null references "meters" ("id") on delete cascade, "month" text not null, "value" real not null, "weight" real not null, constraint "consumption_monthly_pk" primary key ("meter_id", "month")) without rowid;
create table "quantity_prices" ("id" integer primary key autoincrement, "quantity" text not null, "price" real not null, "currency" text not null, "valid_from" text not null, "valid_to" text check (valid_to is null or valid_to >= valid_from));
create index "quantity_prices_quantity_idx" on "quantity_prices" ("quantity", "valid_from");
create table "market_prices" ("area" text not null, "hour" integer not null, "price" real not null, "currency" text not null, constraint "market_prices_pk" primary key ("area", "hour")) without rowid;
-- 0003_accounts up
alter table "users" add column "onboarded" integer default 0 not null check (onboarded in (0, 1));
alter table "refresh_tokens" add column "impersonation" integer default 0 not null check (impersonation in (0, 1));
alter table "refresh_tokens" add column "absolute_expires_at" text;
create table "single_use_tokens" ("id" integer primary key autoincrement, "purpose" text not null check (purpose in ('password_reset', 'impersonation', 'slt')), "token_hash" text not null unique, "user_id" integer not null references "users" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null, "used_at" text, "impersonation" integer default 0 not null check (impersonation in (0, 1)), "session_expires_at" text);
create index "single_use_tokens_user_purpose_idx" on "single_use_tokens" ("user_id", "purpose");
create table "mail_outbox" ("id" integer primary key autoincrement, "to_address" text not null, "subject" text not null, "text" text not null, "html" text not null, "created_at" text not null);
create index "mail_outbox_to_address_idx" on "mail_outbox" ("to_address", "id");
-- 0004_token_families up
create table "token_families" ("id" text primary key, "user_id" integer not null references "users" ("id") on delete cascade, "service" text not null check (service in ('account', 'users')), "created_at" text not null, "revoked_at" text);
create index "token_families_user_id_idx" on "token_families" ("user_id");

    insert into token_families (id, user_id, service, created_at, revoked_at)
    select family_id, min(user_id), min(service), min(created_at),
           case when count(revoked_at) = count(*) then max(revoked_at) end
    from refresh_tokens
    group by family_id
  ;
-- 0005_alarms up
create table "alarms" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "quantity" text not null, "type" text not null check (type in ('threshold', 'comparison', 'zero', 'minimum', 'maximum')), "frequency" text not null check (frequency in ('day', 'week', 'month', 'year')), "level" real default 0 not null, "enabled" integer default 1 not null check ("enabled" in (0, 1)), "created_at" text not null, "updated_at" text not null);
create index "alarms_tenancy_user_idx" on "alarms" ("tenancy_id", "user_id");
create index "alarms_user_id_idx" on "alarms" ("user_id");
create table "notifications" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "alarm_id" integer references "alarms" ("id") on delete set null, "kind" text not null check (kind in ('high_consumption', 'zero_consumption', 'indoor_climate', 'consumption_report')), "quantity" text, "alarm_type" text, "frequency" text, "direction" text check (direction is null or direction in ('above', 'below', 'increase')), "threshold" real, "value" real, "compared_value" real, "period_start" text not null, "period_end" text not null, "report_code" text, "created_at" text not null, "read_at" text, "emailed_at" text);
create unique index "notifications_alarm_period_idx" on "notifications" ("alarm_id", "period_start");
create index "notifications_user_tenancy_idx" on "notifications" ("user_id", "tenancy_id", "read_at");
create table "alarm_evaluations" ("alarm_id" integer not null references "alarms" ("id") on delete cascade, "period_start" text not null, "period_end" text not null, "evaluated_at" text not null, "values_seen" integer not null, "fired" integer default 0 not null check ("fired" in (0, 1)), constraint "alarm_evaluations_pk" primary key ("alarm_id", "period_start"));
-- 0006_consumption_reports up
create table "consumption_reports" ("id" integer primary key autoincrement, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "month" text not null, "code" text not null unique, "created_at" text not null, "expires_at" text not null, "revoked_at" text);
create unique index "consumption_reports_tenancy_month" on "consumption_reports" ("tenancy_id", "month");
-- 0007_tenancy_users up
alter table "properties" add column "contact_name" text;
alter table "properties" add column "contact_email" text;
alter table "properties" add column "contact_phone" text;
create table "tenancy_invitations" ("id" integer primary key autoincrement, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "email" text not null, "language" text not null, "activation_code_id" integer not null references "activation_codes" ("id"), "invited_by_user_id" integer references "users" ("id") on delete set null, "created_at" text not null, "withdrawn_at" text, "accepted_at" text, "accepted_by_user_id" integer references "users" ("id") on delete set null);
create unique index "tenancy_invitations_open_email_idx" on "tenancy_invitations" ("tenancy_id", "email") where "withdrawn_at" is null and "accepted_at" is null;
create index "tenancy_invitations_activation_code_idx" on "tenancy_invitations" ("activation_code_id");
-- 0008_email_change_tokens up
begin;
create table "single_use_tokens_next" ("id" integer primary key autoincrement, "purpose" text not null check (purpose in ('password_reset', 'impersonation', 'slt', 'email_change')), "token_hash" text not null unique, "user_id" integer not null references "users" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null, "used_at" text, "impersonation" integer default 0 not null check (impersonation in (0, 1)), "session_expires_at" text, "new_email" text, constraint "single_use_tokens_new_email_check" check ((purpose = 'email_change') = (new_email is not null)));
insert into single_use_tokens_next (id, purpose, token_hash, user_id, created_at, expires_at, used_at, impersonation, session_expires_at) select id, purpose, token_hash, user_id, created_at, expires_at, used_at, impersonation, session_expires_at from single_use_tokens;
drop table "single_use_tokens";
alter table "single_use_tokens_next" rename to "single_use_tokens";
create index "single_use_tokens_user_purpose_idx" on "single_use_tokens" ("user_id", "purpose");
commit;
-- 0009_rate_limits up
create table "rate_limits" ("rule" text not null, "key" text not null, "window_ends" text not null, "count" integer not null, constraint "rate_limits_pkey" primary key ("rule", "key")) without rowid;
create index "rate_limits_window_ends_idx" on "rate_limits" ("window_ends");
-- 0009_rate_limits down
drop table "rate_limits";
-- 0008_email_change_tokens down
begin;
create table "single_use_tokens_next" ("id" integer primary key autoincrement, "purpose" text not null check (purpose in ('password_reset', 'impersonation', 'slt')), "token_hash" text not null unique, "user_id" integer not null references "users" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null, "used_at" text, "impersonation" integer default 0 not null check (impersonation in (0, 1)), "session_expires_at" text);
insert into single_use_tokens_next (id, purpose, token_hash, user_id, created_at, expires_at, used_at, impersonation, session_expires_at) select id, purpose, token_hash, user_id, created_at, expires_at, used_at, impersonation, session_expires_at from single_use_tokens where purpose <> 'email_change';
drop table "single_use_tokens";
alter table "single_use_tokens_next" rename to "single_use_tokens";
create index "single_use_tokens_user_purpose_idx" on "single_use_tokens" ("user_id", "purpose");
commit;
-- 0007_tenancy_users down
drop table if exists "tenancy_invitations";
alter table "properties" drop column "contact_phone";
alter table "properties" drop column "contact_email";
alter table "properties" drop column "contact_name";
-- 0006_consumption_reports down
drop table "consumption_reports";
-- 0005_alarms down
drop table if exists "alarm_evaluations";
drop table if exists "notifications";
drop table if exists "alarms";
-- 0004_token_families down
drop table if exists "token_families";
-- 0003_accounts down
drop table if exists "mail_outbox";
drop table if exists "single_use_tokens";
alter table "refresh_tokens" drop column "absolute_expires_at";
alter table "refresh_tokens" drop column "impersonation";
alter table "users" drop column "onboarded";
-- 0002_readings down
drop table if exists "market_prices";
drop table if exists "quantity_prices";
drop table if exists "consumption_monthly";
drop table if exists "consumption_daily";
drop table if exists "consumption_hourly";
drop table if exists "meter_readings";
-- 0001_initial down
drop table if exists "seed_steps";
drop table if exists "allocation_statements";
drop table if exists "refresh_tokens";
drop table if exists "activation_codes";
drop table if exists "tenancy_members";
drop table if exists "tenancies";
drop table if exists "meters";
drop table if exists "units";
drop table if exists "co2_factors";
drop table if exists "property_settings";
drop table if exists "properties";
drop table if exists "users";
