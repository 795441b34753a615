import { loginEmailPath, loginPath, signupEmailPath, signupPath } from "@common/portal-paths";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PublicCard } from "~/components/public-card";
import { SocialButtons } from "~/components/social-buttons";
import type { signInEntryLoader } from "./signed-out.server";

/** What differs between the two entries: their texts, and which one the other links to. */
const entries = {
  login: {
    title: "login.title",
    intro: "login.intro",
    emailPath: loginEmailPath,
    withEmail: "login.with_email",
    other: "login.no_account",
    otherPath: signupPath,
    otherLink: "login.signup_link",
  },
  signup: {
    title: "signup.title",
    intro: "signup.intro",
    emailPath: signupEmailPath,
    withEmail: "signup.with_email",
    other: "signup.have_account",
    otherPath: loginPath,
    otherLink: "login.title",
  },
} as const;

/**
 * /login and /signup: e-mail or one of the social providers (which sign up and sign in alike),
 * and the way to the other entry. The query (a redirect, an activation code) goes along.
 */
export function SignInEntry({ purpose }: { purpose: "login" | "signup" }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { socialProviders } = useLoaderData<typeof signInEntryLoader>();
  const entry = entries[purpose];
  return (
    <PublicCard title={t(entry.title)} intro={t(entry.intro)}>
      <p>
        <Link to={`${entry.emailPath}${search}`} className="button button-block">
          {t(entry.withEmail)}
        </Link>
      </p>
      <SocialButtons enabled={socialProviders} purpose={purpose} />
      <p>
        {t(entry.other)} <Link to={`${entry.otherPath}${search}`}>{t(entry.otherLink)}</Link>
      </p>
    </PublicCard>
  );
}
