import type { MetaFunction } from "@remix-run/node";
import { PolicyPage } from "~/components/policy-page";
import { pageMeta } from "~/i18n/meta";

export { policyClientLoader as clientLoader, policyHandle as handle, policyLoader as loader } from "./policy-route";

/** /data-policy: how residents' data is processed (standalone page, every language). */
export default function DataPolicy() {
  return <PolicyPage kind="data" />;
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "policy.data_title");
