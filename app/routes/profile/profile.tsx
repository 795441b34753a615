import {
  enterCodePath,
  forgotPasswordPath,
  noTenanciesPath,
  profileDataPath,
  profileDeletePath,
  profileEmailPath,
  profilePasswordPath,
  profilePath,
} from "@common/portal-paths";
import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { ConformForm, useFormAnswer, useSchemaForm } from "~/components/conform-form";
import { Fact } from "~/components/fact";
import { CheckboxField, FormField, LanguageField } from "~/components/field";
import { LogoutButton } from "~/components/logout-button";
import { SubmitButton } from "~/components/submit-button";
import { nameFormSchema, settingsFormSchema, usesPassword } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { enabledLanguages, languageCookie } from "~/i18n/i18n.server";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { secureCookiesFor } from "~/session/session.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import type { PublicHandle } from "../public/public-layout";
import { menuPageCrumb, type TenancyHandle } from "../tenancy/tenancy-handle";
import { SupportSessionNote } from "./account-change-page";
import { requireProfile } from "./profile-pages.server";

/** In the tenancy area the menu's page; under /account (no tenancy, ADR 0057) back to /no-tenancies. */
export const handle = {
  ...menuPageCrumb("profile.title", profilePath),
  back: noTenanciesPath,
} satisfies TenancyHandle & PublicHandle;

/**
 * /t/{tenancyId}/profile, "Profile settings" (spec sections 2, 4, 5), and the same page for a
 * resident without a tenancy at /account (ADR 0057): the name (users service), the e-mail, the
 * language (stored on the account; the page switches at once) and the e-mail notifications; links
 * to change the e-mail or the password, download one's data, add a tenancy and delete the account;
 * logout. In a support session, e-mail, password and deletion are not offered (the back-end
 * refuses them too).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancyId } = await requireProfile(request, params, context);
  const [{ currentUser }, me] = await Promise.all([context.api.account.currentUser(), context.api.users.me()]);
  return {
    tenancyId,
    name: me.name,
    email: currentUser.email,
    language: currentUser.language,
    languages: enabledLanguages(),
    emailNotifications: currentUser.emailNotifications,
    weeklyUpdate: currentUser.weeklyUpdate,
    impersonated: currentUser.impersonated,
    usesPassword: usesPassword(currentUser.userType),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancyId } = await requireProfile(request, params, context);
  const form = await readForm(request);
  const here = profilePath(tenancyId);
  const intent = form.get("intent");
  if (intent === "name") {
    const submission = parseWithZod(form, { schema: nameFormSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await context.api.users.updateMyName(submission.value.name);
    } catch (error) {
      if (isServiceFailure(error))
        return data(submission.reply({ formErrors: ["errors.service_unavailable"] }), { status: 503 });
      if (error instanceof ApiError && error.code === "BAD_USER_INPUT")
        return data(submission.reply({ fieldErrors: { name: ["profile.name_invalid"] } }), { status: 400 });
      throw error;
    }
    return redirectWithSuccess(here, toastMessage("profile.toast_name"));
  }
  const submission = parseWithZod(form, { schema: settingsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { language, emailNotifications, weeklyUpdate } = submission.value;
  if (!enabledLanguages().includes(language))
    return data(submission.reply({ fieldErrors: { language: ["profile.language_required"] } }), { status: 400 });
  try {
    await context.api.account.updateAccountSettings({
      language,
      emailNotifications: emailNotifications === "on",
      weeklyUpdate: weeklyUpdate === "on",
    });
  } catch (error) {
    if (isServiceFailure(error))
      return data(submission.reply({ formErrors: ["errors.service_unavailable"] }), { status: 503 });
    throw error;
  }
  // The language is also this browser's choice: the next page is in it.
  return redirectWithSuccess(here, toastMessage("profile.toast_settings"), {
    headers: { "Set-Cookie": await languageCookie.serialize(language, { secure: secureCookiesFor(request) }) },
  });
}

export default function Profile() {
  const { t } = useTranslation();
  const profile = useLoaderData<typeof loader>();
  const { tenancyId } = profile;
  return (
    <div className="settings-page">
      <h1>{t("profile.title")}</h1>
      {profile.impersonated ? <SupportSessionNote /> : null}

      <Card id="name-heading" heading={t("profile.name_heading")}>
        <NameForm name={profile.name} />
      </Card>

      <Card id="account-heading" heading={t("profile.account_heading")}>
        <dl className="facts">
          <Fact term={t("profile.email")}>
            {profile.email}
            {profile.impersonated ? null : (
              <>
                <br />
                <Link to={profileEmailPath(tenancyId)}>{t("profile.change_email")}</Link>
              </>
            )}
          </Fact>
          <Fact term={t("profile.password")}>
            {profile.impersonated ? (
              "–"
            ) : profile.usesPassword ? (
              <Link to={profilePasswordPath(tenancyId)}>{t("profile.change_password")}</Link>
            ) : (
              <>
                {t("profile.no_password")} <Link to={forgotPasswordPath}>{t("profile.set_password")}</Link>
              </>
            )}
          </Fact>
        </dl>
        <SettingsForm
          language={profile.language}
          languages={profile.languages}
          emailNotifications={profile.emailNotifications}
          weeklyUpdate={profile.weeklyUpdate}
        />
      </Card>

      <Card id="data-heading" heading={t("profile.data_heading")}>
        <p>{t("profile.data_intro")}</p>
        <p>
          <a href={profileDataPath(tenancyId)} download>
            {t("profile.download_data")}
          </a>
        </p>
        <p>
          <Link to={enterCodePath}>{t("tenancy_info.add_tenancy")}</Link>
        </p>
        {profile.impersonated ? null : (
          <p>
            <Link to={profileDeletePath(tenancyId)} className="danger-link">
              {t("profile.delete_account")}
            </Link>
          </p>
        )}
        <LogoutButton />
      </Card>
    </div>
  );
}

function NameForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(nameFormSchema, {
    id: "name-form",
    lastResult: useFormAnswer("name"),
    defaultValue: { name },
  });
  return (
    <ConformForm form={form} className="profile-form">
      <input type="hidden" name="intent" value="name" />
      <FormField meta={fields.name} label={t("profile.name")}>
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
      </FormField>
      <SubmitButton>{t("profile.save_name")}</SubmitButton>
    </ConformForm>
  );
}

function SettingsForm({
  language,
  languages,
  emailNotifications,
  weeklyUpdate,
}: {
  language: string;
  languages: string[];
  emailNotifications: boolean;
  weeklyUpdate: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(settingsFormSchema, {
    id: "settings-form",
    lastResult: useFormAnswer("settings"),
    defaultValue: {
      language,
      emailNotifications: emailNotifications ? "on" : undefined,
      weeklyUpdate: weeklyUpdate ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    // A whole-page post: a new language needs the page's translations, as the language dialog does.
    <ConformForm form={form} reloadDocument className="profile-form">
      <input type="hidden" name="intent" value="settings" />
      <LanguageField meta={fields.language} label={t("profile.language")} languages={languages} />
      <CheckboxField meta={fields.emailNotifications}>{t("profile.email_notifications")}</CheckboxField>
      <p className="hint">{t("profile.email_notifications_hint")}</p>
      <CheckboxField meta={fields.weeklyUpdate}>{t("profile.weekly_update")}</CheckboxField>
      <p className="hint">{t("profile.weekly_update_hint")}</p>
      <SubmitButton>{t("profile.save_settings")}</SubmitButton>
    </ConformForm>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
