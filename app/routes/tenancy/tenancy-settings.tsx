import { formatCalendarDate } from "@common/format";
import { supportedLanguages } from "@common/languages";
import { todayInCopenhagen } from "@common/period";
import { enterCodePath, leaveTenancyPath, removeTenancyUserPath, tenancySettingsPath } from "@common/portal-paths";
import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { ConformForm, useFormAnswer, useSchemaForm } from "~/components/conform-form";
import { DataTable, TableScroll } from "~/components/data-table";
import { Fact } from "~/components/fact";
import { FormField, LanguageField } from "~/components/field";
import { SubmitButton } from "~/components/submit-button";
import { rowFormSchema } from "~/domain/tenancy-row-form";
import { inviteFormSchema, mayLeave, type RowAction, rowActions } from "~/domain/tenancy-users";
import { readForm } from "~/http/read-form.server";
import { languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { requireTenancy } from "~/session/guards.server";
import { redirectWithError, redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { menuPageCrumb } from "./tenancy-handle";

export const handle = menuPageCrumb("tenancy_info.title", tenancySettingsPath);

/**
 * /t/{tenancyId}/settings, "Tenancy info" (spec sections 2, 3, 4, 6): the home, its
 * dates and billing period, the property's contact, and the tenancy's users. An admin invites by
 * e-mail, resends or withdraws an invitation, makes another user admin or not, and removes a user
 * (on a confirmation page); anyone may leave (on a confirmation page). Plain forms: all of it works
 * without JavaScript.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [{ tenancy }, language] = await Promise.all([requireTenancy(request, params, context), languageOf(request)]);
  const info = await context.api.account.tenancyInfo(tenancy.tenancyId);
  const date = (value: string | null) => (value === null ? null : formatCalendarDate(value, language));
  return {
    tenancyId: tenancy.id,
    language,
    home: {
      address: info.address,
      zipcodeCity: `${info.zipcode} ${info.city}`,
      movedIn: date(info.startDate),
      movedOut: date(info.endDate),
      billingPeriod:
        info.billingPeriodStart && info.billingPeriodEnd
          ? `${date(info.billingPeriodStart)} – ${date(info.billingPeriodEnd)}`
          : null,
    },
    contact: info.propertyContact,
    callerIsAdmin: info.callerIsAdmin,
    mayLeave: mayLeave(info.users),
    users: info.users.map((user) => ({
      key: user.userId !== null ? `u${user.userId}` : `i${user.invitationId}`,
      userId: user.userId,
      invitationId: user.invitationId,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      invitationPending: user.invitationPending,
      isCaller: user.isCaller,
      invitedAt: user.invitedAt ? formatCalendarDate(todayInCopenhagen(new Date(user.invitedAt)), language) : null,
      actions: rowActions(user, info.users, info.callerIsAdmin),
    })),
  };
}

/** The texts of each row action: its button, the button's full name, the toast after it. */
const actionTexts: Record<Exclude<RowAction, "remove">, { button: string; label: string; toast: string }> = {
  resend: {
    button: "tenancy_info.action_resend",
    label: "tenancy_info.action_resend_label",
    toast: "tenancy_info.toast_resend",
  },
  withdraw: {
    button: "tenancy_info.action_withdraw",
    label: "tenancy_info.action_withdraw_label",
    toast: "tenancy_info.toast_withdraw",
  },
  "make-admin": {
    button: "tenancy_info.action_make_admin",
    label: "tenancy_info.action_make_admin_label",
    toast: "tenancy_info.toast_make_admin",
  },
  "remove-admin": {
    button: "tenancy_info.action_remove_admin",
    label: "tenancy_info.action_remove_admin_label",
    toast: "tenancy_info.toast_remove_admin",
  },
};

const notAllowed = () => data({ error: "forbidden" as const }, { status: 403 });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  const form = await readForm(request);
  const here = tenancySettingsPath(tenancy.id);
  // Only an admin's forms are sent on (the back-end refuses them too): a plain user posting them by
  // hand gets the 403 page, not the spec's sign-out of a FORBIDDEN answer.
  const info = await context.api.account.tenancyInfo(tenancy.tenancyId);
  if (!info.callerIsAdmin) throw notAllowed();

  if (form.get("intent") === "invite") {
    const submission = parseWithZod(form, { schema: inviteFormSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { email, language } = submission.value;
    try {
      await context.api.account.inviteTenancyUser(tenancy.tenancyId, email, language);
    } catch (error) {
      if (isServiceFailure(error))
        return data(submission.reply({ formErrors: ["errors.service_unavailable"] }), { status: 503 });
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "ALREADY_MEMBER")
        return data(submission.reply({ fieldErrors: { email: ["tenancy_info.already_member"] } }), { status: 400 });
      if (error.code === "BAD_USER_INPUT")
        return data(submission.reply({ fieldErrors: { email: ["validation.invalid_email"] } }), { status: 400 });
      throw error;
    }
    return redirectWithSuccess(here, toastMessage("tenancy_info.toast_invited", { email }));
  }

  const submission = parseWithZod(form, { schema: rowFormSchema });
  if (submission.status !== "success") throw data({ error: "bad_request" as const }, { status: 400 });
  const row = submission.value;
  const target = info.users.find((user) =>
    "userId" in row ? user.userId === row.userId : user.invitationId === row.invitationId,
  );
  if (!target || !rowActions(target, info.users, true).includes(row.intent as RowAction)) {
    return redirectWithError(here, toastMessage(target ? "tenancy_info.error_last_admin" : "tenancy_info.error_gone"));
  }
  try {
    if (row.intent === "resend") await context.api.account.resendTenancyInvitation(tenancy.tenancyId, row.invitationId);
    else if (row.intent === "withdraw")
      await context.api.account.withdrawTenancyInvitation(tenancy.tenancyId, row.invitationId);
    else if ("userId" in row)
      await context.api.account.setTenancyUserAdmin(tenancy.tenancyId, row.userId, row.intent === "make-admin");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "LAST_ADMIN") return redirectWithError(here, toastMessage("tenancy_info.error_last_admin"));
    if (error.code === "INVITATION_NOT_FOUND" || error.code === "USER_NOT_FOUND")
      return redirectWithError(here, toastMessage("tenancy_info.error_gone"));
    throw error;
  }
  const who = target.name || target.email;
  return redirectWithSuccess(here, toastMessage(actionTexts[row.intent].toast, { who }));
}

export default function TenancySettings() {
  const { t } = useTranslation();
  const {
    tenancyId,
    home,
    contact,
    callerIsAdmin,
    users,
    mayLeave: canLeave,
    language,
  } = useLoaderData<typeof loader>();
  return (
    <div className="settings-page">
      <h1>{t("tenancy_info.title")}</h1>

      <Card id="home-heading" heading={t("tenancy_info.home_heading")}>
        <dl className="facts">
          <Fact term={t("tenancy_info.address")}>
            {home.address}
            <br />
            {home.zipcodeCity}
          </Fact>
          <Fact term={t("tenancy_info.moved_in")}>{home.movedIn}</Fact>
          <Fact term={t("tenancy_info.moved_out")}>{home.movedOut ?? t("tenancy_info.not_moved_out")}</Fact>
          <Fact term={t("tenancy_info.billing_period")}>{home.billingPeriod ?? "–"}</Fact>
        </dl>
      </Card>

      <Card id="contact-heading" heading={t("tenancy_info.contact_heading")}>
        {contact && (contact.name || contact.email || contact.phone) ? (
          <p className="contact">
            {contact.name ? <strong>{contact.name}</strong> : null}
            {contact.email ? (
              <>
                <br />
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            ) : null}
            {contact.phone ? (
              <>
                <br />
                <a href={`tel:${contact.phone.replace(/\s+/g, "")}`}>{contact.phone}</a>
              </>
            ) : null}
          </p>
        ) : (
          <p>{t("tenancy_info.no_contact")}</p>
        )}
      </Card>

      <Card id="users-heading" heading={t("tenancy_info.users_heading")}>
        <TableScroll labelledBy="users-heading">
          <DataTable
            className="users-table"
            columns={[
              t("tenancy_info.user"),
              t("tenancy_info.role"),
              ...(callerIsAdmin ? [t("tenancy_info.actions")] : []),
            ]}
            stacked
          >
            {users.map((user) => (
              <tr key={user.key}>
                <th scope="row">
                  {user.name || user.email}
                  {user.isCaller ? ` (${t("tenancy_info.you")})` : null}
                  {user.name && user.name !== user.email ? (
                    <>
                      <br />
                      <span className="muted">{user.email}</span>
                    </>
                  ) : null}
                </th>
                <td data-label={t("tenancy_info.role")}>
                  {user.invitationPending
                    ? t("tenancy_info.invitation_pending", { when: user.invitedAt ?? "" })
                    : user.isAdmin
                      ? t("tenancy_info.admin")
                      : t("tenancy_info.member")}
                </td>
                {callerIsAdmin ? (
                  <td data-label={t("tenancy_info.actions")}>
                    <RowButtons tenancyId={tenancyId} user={user} />
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        </TableScroll>
        {callerIsAdmin ? (
          <InviteForm defaultLanguage={language} />
        ) : (
          <p className="muted">{t("tenancy_info.only_admins")}</p>
        )}
      </Card>

      <Card id="more-heading" heading={t("tenancy_info.more_heading")}>
        <p>
          <Link to={enterCodePath}>{t("tenancy_info.add_tenancy")}</Link>
        </p>
        {canLeave ? (
          <p>
            <Link to={leaveTenancyPath(tenancyId)}>{t("tenancy_info.leave")}</Link>
          </p>
        ) : (
          <p className="muted">{t("tenancy_info.leave_last_admin")}</p>
        )}
      </Card>
    </div>
  );
}

function RowButtons({
  tenancyId,
  user,
}: {
  tenancyId: string;
  user: {
    userId: number | null;
    invitationId: number | null;
    name: string | null;
    email: string;
    actions: RowAction[];
  };
}) {
  const { t } = useTranslation();
  const who = user.name || user.email;
  if (user.actions.length === 0) return null;
  return (
    <div className="button-row">
      {user.actions.map((action) =>
        action === "remove" ? (
          <Link
            key={action}
            to={removeTenancyUserPath(tenancyId, user.userId ?? "")}
            className="button button-small button-secondary"
            aria-label={t("tenancy_info.action_remove_label", { who })}
          >
            {t("tenancy_info.action_remove")}
          </Link>
        ) : (
          <Form key={action} method="post">
            <input type="hidden" name="intent" value={action} />
            {user.invitationId !== null ? <input type="hidden" name="invitationId" value={user.invitationId} /> : null}
            {user.userId !== null ? <input type="hidden" name="userId" value={user.userId} /> : null}
            <SubmitButton
              className="button button-small button-secondary"
              label={t(actionTexts[action].label, { who })}
            >
              {t(actionTexts[action].button)}
            </SubmitButton>
          </Form>
        ),
      )}
    </div>
  );
}

function InviteForm({ defaultLanguage }: { defaultLanguage: string }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(inviteFormSchema, {
    lastResult: useFormAnswer(),
    defaultValue: { language: defaultLanguage },
  });
  return (
    <ConformForm
      form={form}
      className="invite-form"
      lead={
        <>
          <h3>{t("tenancy_info.invite_heading")}</h3>
          <p>{t("tenancy_info.invite_intro")}</p>
        </>
      }
    >
      <input type="hidden" name="intent" value="invite" />
      <FormField meta={fields.email} label={t("tenancy_info.invite_email")}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" inputMode="email" />
      </FormField>
      <LanguageField meta={fields.language} label={t("tenancy_info.invite_language")} languages={supportedLanguages} />
      <SubmitButton>{t("tenancy_info.invite_submit")}</SubmitButton>
    </ConformForm>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "tenancy_info.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
