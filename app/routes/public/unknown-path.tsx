import { loginPath } from "@common/portal-paths";
import { redirect } from "@remix-run/node";

/** Any unknown path goes to the sign-in page (spec section 2). */
export function loader() {
  return redirect(loginPath);
}

export function action() {
  return redirect(loginPath);
}
