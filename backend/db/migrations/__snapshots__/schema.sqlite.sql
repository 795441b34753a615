-- index activation_codes_tenancy_id_idx
CREATE INDEX "activation_codes_tenancy_id_idx" on "activation_codes" ("tenancy_id");
-- index alarms_tenancy_user_idx
CREATE INDEX "alarms_tenancy_user_idx" on "alarms" ("tenancy_id", "user_id");
-- index alarms_user_id_idx
CREATE INDEX "alarms_user_id_idx" on "alarms" ("user_id");
-- index allocation_statements_tenancy_period_idx
CREATE INDEX "allocation_statements_tenancy_period_idx" on "allocation_statements" ("tenancy_id", "period_end");
-- index consumption_reports_tenancy_month
CREATE UNIQUE INDEX "consumption_reports_tenancy_month" on "consumption_reports" ("tenancy_id", "month");
-- index mail_outbox_to_address_idx
CREATE INDEX "mail_outbox_to_address_idx" on "mail_outbox" ("to_address", "id");
-- index meters_unit_id_idx
CREATE INDEX "meters_unit_id_idx" on "meters" ("unit_id");
-- index notifications_alarm_period_idx
CREATE UNIQUE INDEX "notifications_alarm_period_idx" on "notifications" ("alarm_id", "period_start");
-- index notifications_user_tenancy_idx
CREATE INDEX "notifications_user_tenancy_idx" on "notifications" ("user_id", "tenancy_id", "read_at");
-- index quantity_prices_quantity_idx
CREATE INDEX "quantity_prices_quantity_idx" on "quantity_prices" ("quantity", "valid_from");
-- index rate_limits_window_ends_idx
CREATE INDEX "rate_limits_window_ends_idx" on "rate_limits" ("window_ends");
-- index refresh_tokens_family_id_idx
CREATE INDEX "refresh_tokens_family_id_idx" on "refresh_tokens" ("family_id");
-- index refresh_tokens_user_id_idx
CREATE INDEX "refresh_tokens_user_id_idx" on "refresh_tokens" ("user_id");
-- index single_use_tokens_user_purpose_idx
CREATE INDEX "single_use_tokens_user_purpose_idx" on "single_use_tokens" ("user_id", "purpose");
-- index sqlite_autoindex_activation_codes_1
(automatic);
-- index sqlite_autoindex_alarm_evaluations_1
(automatic);
-- index sqlite_autoindex_co2_factors_1
(automatic);
-- index sqlite_autoindex_consumption_reports_1
(automatic);
-- index sqlite_autoindex_meters_1
(automatic);
-- index sqlite_autoindex_properties_1
(automatic);
-- index sqlite_autoindex_property_settings_1
(automatic);
-- index sqlite_autoindex_refresh_tokens_1
(automatic);
-- index sqlite_autoindex_seed_steps_1
(automatic);
-- index sqlite_autoindex_single_use_tokens_1
(automatic);
-- index sqlite_autoindex_tenancy_members_1
(automatic);
-- index sqlite_autoindex_token_families_1
(automatic);
-- index sqlite_autoindex_units_1
(automatic);
-- index sqlite_autoindex_users_1
(automatic);
-- index tenancies_unit_id_idx
CREATE INDEX "tenancies_unit_id_idx" on "tenancies" ("unit_id");
-- index tenancy_invitations_activation_code_idx
CREATE INDEX "tenancy_invitations_activation_code_idx" on "tenancy_invitations" ("activation_code_id");
-- index tenancy_invitations_open_email_idx
CREATE UNIQUE INDEX "tenancy_invitations_open_email_idx" on "tenancy_invitations" ("tenancy_id", "email") where "withdrawn_at" is null and "accepted_at" is null;
-- index tenancy_members_user_id_idx
CREATE INDEX "tenancy_members_user_id_idx" on "tenancy_members" ("user_id");
-- index token_families_user_id_idx
CREATE INDEX "token_families_user_id_idx" on "token_families" ("user_id");
-- index units_property_id_idx
CREATE INDEX "units_property_id_idx" on "units" ("property_id");
-- table activation_codes
CREATE TABLE "activation_codes" ("id" integer primary key autoincrement, "code_hash" text not null unique, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "expires_at" text not null, "used_at" text, "used_by_user_id" integer references "users" ("id") on delete set null);
-- table alarm_evaluations
CREATE TABLE "alarm_evaluations" ("alarm_id" integer not null references "alarms" ("id") on delete cascade, "period_start" text not null, "period_end" text not null, "evaluated_at" text not null, "values_seen" integer not null, "fired" integer default 0 not null check ("fired" in (0, 1)), constraint "alarm_evaluations_pk" primary key ("alarm_id", "period_start"));
-- table alarms
CREATE TABLE "alarms" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "quantity" text not null, "type" text not null check (type in ('threshold', 'comparison', 'zero', 'minimum', 'maximum')), "frequency" text not null check (frequency in ('day', 'week', 'month', 'year')), "level" real default 0 not null, "enabled" integer default 1 not null check ("enabled" in (0, 1)), "created_at" text not null, "updated_at" text not null);
-- table allocation_statements
CREATE TABLE "allocation_statements" ("id" integer primary key autoincrement, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "file_name" text not null, "url" text not null, "period_start" text not null, "period_end" text not null, "expense_types" text default '[]' not null);
-- table co2_factors
CREATE TABLE "co2_factors" ("property_id" integer not null references "properties" ("id") on delete cascade, "quantity" text not null, "gram_per_quantity_unit" real not null, constraint "co2_factors_pk" primary key ("property_id", "quantity"));
-- table consumption_daily
CREATE TABLE "consumption_daily" ("meter_id" integer not null references "meters" ("id") on delete cascade, "day" text not null, "value" real not null, "weight" real not null, constraint "consumption_daily_pk" primary key ("meter_id", "day")) without rowid;
-- table consumption_hourly
CREATE TABLE "consumption_hourly" ("meter_id" integer not null references "meters" ("id") on delete cascade, "hour" integer not null, "value" real not null, "weight" real not null, constraint "consumption_hourly_pk" primary key ("meter_id", "hour")) without rowid;
-- table consumption_monthly
CREATE TABLE "consumption_monthly" ("meter_id" integer not null references "meters" ("id") on delete cascade, "month" text not null, "value" real not null, "weight" real not null, constraint "consumption_monthly_pk" primary key ("meter_id", "month")) without rowid;
-- table consumption_reports
CREATE TABLE "consumption_reports" ("id" integer primary key autoincrement, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "month" text not null, "code" text not null unique, "created_at" text not null, "expires_at" text not null, "revoked_at" text);
-- table mail_outbox
CREATE TABLE "mail_outbox" ("id" integer primary key autoincrement, "to_address" text not null, "subject" text not null, "text" text not null, "html" text not null, "created_at" text not null);
-- table market_prices
CREATE TABLE "market_prices" ("area" text not null, "hour" integer not null, "price" real not null, "currency" text not null, constraint "market_prices_pk" primary key ("area", "hour")) without rowid;
-- table meter_readings
CREATE TABLE "meter_readings" ("meter_id" integer not null references "meters" ("id") on delete cascade, "ts" integer not null, "value" real not null, constraint "meter_readings_pk" primary key ("meter_id", "ts")) without rowid;
-- table meters
CREATE TABLE "meters" ("id" integer primary key autoincrement, "unit_id" integer not null references "units" ("id") on delete restrict, "number" text not null unique, "room_name" text, "quantity" text not null);
-- table notifications
CREATE TABLE "notifications" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "alarm_id" integer references "alarms" ("id") on delete set null, "kind" text not null check (kind in ('high_consumption', 'zero_consumption', 'indoor_climate', 'consumption_report')), "quantity" text, "alarm_type" text, "frequency" text, "direction" text check (direction is null or direction in ('above', 'below', 'increase')), "threshold" real, "value" real, "compared_value" real, "period_start" text not null, "period_end" text not null, "report_code" text, "created_at" text not null, "read_at" text, "emailed_at" text);
-- table properties
CREATE TABLE "properties" ("id" integer primary key autoincrement, "number" text not null unique, "address" text not null, "zipcode" text not null, "city" text not null, "country" text not null, "contact_name" text, "contact_email" text, "contact_phone" text);
-- table property_settings
CREATE TABLE "property_settings" ("property_id" integer not null references "properties" ("id") on delete cascade, "kind" text not null, constraint "property_settings_pk" primary key ("property_id", "kind"));
-- table quantity_prices
CREATE TABLE "quantity_prices" ("id" integer primary key autoincrement, "quantity" text not null, "price" real not null, "currency" text not null, "valid_from" text not null, "valid_to" text check (valid_to is null or valid_to >= valid_from));
-- table rate_limits
CREATE TABLE "rate_limits" ("rule" text not null, "key" text not null, "window_ends" text not null, "count" integer not null, constraint "rate_limits_pkey" primary key ("rule", "key")) without rowid;
-- table refresh_tokens
CREATE TABLE "refresh_tokens" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "service" text not null check (service in ('account', 'users')), "family_id" text not null, "token_hash" text not null unique, "created_at" text not null, "expires_at" text not null, "replaced_at" text, "replaced_by_id" integer references "refresh_tokens" ("id") on delete set null, "grace_used_at" text, "revoked_at" text, "impersonation" integer default 0 not null check (impersonation in (0, 1)), "absolute_expires_at" text);
-- table seed_steps
CREATE TABLE "seed_steps" ("name" text primary key);
-- table single_use_tokens
CREATE TABLE "single_use_tokens" ("id" integer primary key autoincrement, "purpose" text not null check (purpose in ('password_reset', 'impersonation', 'slt', 'email_change')), "token_hash" text not null unique, "user_id" integer not null references "users" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null, "used_at" text, "impersonation" integer default 0 not null check (impersonation in (0, 1)), "session_expires_at" text, "new_email" text, constraint "single_use_tokens_new_email_check" check ((purpose = 'email_change') = (new_email is not null)));
-- table sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);
-- table tenancies
CREATE TABLE "tenancies" ("id" integer primary key autoincrement, "unit_id" integer not null references "units" ("id") on delete restrict, "tenant_name" text not null, "start_date" text not null, "end_date" text check (end_date is null or end_date >= start_date), "use_new_backend" integer default 1 not null check ("use_new_backend" in (0, 1)), "billing_period_start" text, "billing_period_end" text, "data_availability_start" text, "data_availability_end" text);
-- table tenancy_invitations
CREATE TABLE "tenancy_invitations" ("id" integer primary key autoincrement, "tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "email" text not null, "language" text not null, "activation_code_id" integer not null references "activation_codes" ("id"), "invited_by_user_id" integer references "users" ("id") on delete set null, "created_at" text not null, "withdrawn_at" text, "accepted_at" text, "accepted_by_user_id" integer references "users" ("id") on delete set null);
-- table tenancy_members
CREATE TABLE "tenancy_members" ("tenancy_id" integer not null references "tenancies" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "is_admin" integer default 0 not null check ("is_admin" in (0, 1)), "invitation_pending" integer default 0 not null check ("invitation_pending" in (0, 1)), "created_at" text not null, constraint "tenancy_members_pk" primary key ("tenancy_id", "user_id"));
-- table token_families
CREATE TABLE "token_families" ("id" text primary key, "user_id" integer not null references "users" ("id") on delete cascade, "service" text not null check (service in ('account', 'users')), "created_at" text not null, "revoked_at" text);
-- table units
CREATE TABLE "units" ("id" integer primary key autoincrement, "property_id" integer not null references "properties" ("id") on delete restrict, "unique_id" text not null unique, "name" text not null, "apartment" text not null, "address" text not null, "floor_area" real not null check (floor_area > 0), "rooms" integer not null check (rooms >= 0));
-- table users
CREATE TABLE "users" ("id" integer primary key autoincrement, "email" text not null unique, "password_hash" text, "name" text default '' not null, "language" text default 'da' not null, "is_superuser" integer default 0 not null check ("is_superuser" in (0, 1)), "is_active" integer default 1 not null check ("is_active" in (0, 1)), "is_admin" integer default 0 not null check ("is_admin" in (0, 1)), "user_type" text default 'EMAIL_PASSWORD' not null, "email_notifications" integer default 1 not null check ("email_notifications" in (0, 1)), "created_at" text not null, "onboarded" integer default 0 not null check (onboarded in (0, 1)));
