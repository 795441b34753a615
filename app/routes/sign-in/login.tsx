import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/i18n/meta";
import { SignInEntry } from "./sign-in-entry";

export { signInEntryLoader as loader } from "./signed-out.server";

/** /login: the sign-in entry, e-mail or one of the social providers (those come with accounts). */
export default function Login() {
  return <SignInEntry purpose="login" />;
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "login.title");
