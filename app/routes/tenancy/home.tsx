import { tenanciesPath } from "@common/portal-paths";
import { redirect } from "@remix-run/node";

/** The application root goes to the tenancy area (spec section 2). */
export function loader() {
  return redirect(tenanciesPath);
}
