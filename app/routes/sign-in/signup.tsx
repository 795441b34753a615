import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/i18n/meta";
import { SignInEntry } from "./sign-in-entry";

export { signInEntryLoader as loader } from "./signed-out.server";

/** /signup: the sign-up entry, e-mail or one of the social providers. */
export default function Signup() {
  return <SignInEntry purpose="signup" />;
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "signup.title");
