import type { MetaFunction } from "@remix-run/node";
import { PolicyPage } from "~/components/policy-page";
import { pageMeta } from "~/i18n/meta";

export { policyClientLoader as clientLoader, policyHandle as handle, policyLoader as loader } from "./policy-route";

/** /cookie-policy: the cookies the portal sets and the consent choice (standalone page). */
export default function CookiePolicy() {
  return <PolicyPage kind="cookie" />;
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "policy.cookie_title");
