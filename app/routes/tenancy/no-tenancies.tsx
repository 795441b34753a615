import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LogoutButton } from "~/components/logout-button";
import { PublicCard, SignedInAs } from "~/components/public-card";
import { pageMeta } from "~/i18n/meta";
import { requireUser } from "~/session/guards.server";

/** Shown when the signed-in user holds no tenancy (guard rule 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, tenancies } = await requireUser(request, context);
  if (tenancies.length > 0) return redirect("/t");
  const session = await context.session.get();
  return { email: user.email, pendingActivationCode: Boolean(session.get("activationCode")) };
}

export default function NoTenancies() {
  const { t } = useTranslation();
  const { email, pendingActivationCode } = useLoaderData<typeof loader>();
  return (
    <PublicCard title={t("no_tenancies.title")} intro={t("no_tenancies.body")}>
      <SignedInAs email={email} />
      {pendingActivationCode ? (
        <Form method="post" action="/add-tenancy">
          <p>{t("add_tenancy.intro")}</p>
          <button type="submit" name="intent" value="add" className="button button-block">
            {t("add_tenancy.submit")}
          </button>
        </Form>
      ) : (
        <p>
          <Link to="/enter-code" className="button button-block">
            {t("add_tenancy.open")}
          </Link>
        </p>
      )}
      <LogoutButton block />
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "no_tenancies.title");
