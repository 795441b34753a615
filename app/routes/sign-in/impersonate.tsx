import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isbot } from "isbot";
import { useTranslation } from "react-i18next";
import { PublicCard } from "~/components/public-card";
import { pageMeta } from "~/i18n/meta";
import { ApiError } from "~/services/graphql.server";
import { completeSignIn } from "~/session/sign-in.server";

/**
 * /impersonate/{token}: support signs in as a resident (spec section 4, "Impersonation"). Any
 * pending activation code is forgotten, the one-time token is exchanged for both services' tokens,
 * and the resident's tenancy opens at a URL without the token. The session is a browser-session
 * cookie that ends 60 minutes after it began, enforced on the server. Link previews and browser
 * prefetches do not spend the token.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  if (/prefetch|prerender/i.test(purpose) || isbot(request.headers.get("User-Agent") ?? "")) {
    return data({ failed: false }, { status: 202 });
  }
  const session = await context.session.get();
  session.unset("activationCode");
  try {
    const { tokens: account, sessionEndsAt, slt } = await context.publicApi.account.impersonate(params.token ?? "");
    const users = await context.publicApi.users.loginFromSlt(slt);
    return await completeSignIn(
      context,
      { type: "email-password", account, users },
      {
        persistent: false,
        impersonationEndsAt: sessionEndsAt,
      },
    );
  } catch (error) {
    if (error instanceof ApiError) return data({ failed: true }, { status: 400 });
    throw error;
  }
}

export default function Impersonate() {
  const { t } = useTranslation();
  return <PublicCard title={t("impersonate.title")} intro={t("impersonate.failed")} role="alert" />;
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "impersonate.title");
