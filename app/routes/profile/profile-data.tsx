import { attachmentDisposition } from "@common/content-disposition";
import { meterReadingsCsvPath, profilePath } from "@common/portal-paths";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { thrownAsMessagePage } from "~/http/message-page.server";
import { requireProfile } from "./profile-pages.server";

/**
 * /t/{tenancyId}/profile/my-data.json and /account/my-data.json (beyond the spec: GDPR Articles
 * 15 and 20; ADR 0057): all the portal holds about the resident — profile, tenancies, alarms,
 * notifications — as one JSON file, with where to get the readings (the meter list's CSV of each
 * tenancy; none without one).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancyId, tenancies } = await requireProfile(request, params, context);
  let text: string;
  try {
    text = await context.api.account.myData();
  } catch (error) {
    return thrownAsMessagePage(request, error, { href: profilePath(tenancyId), labelKey: "profile.title" });
  }
  const origin = new URL(request.url).origin;
  const document = {
    ...(JSON.parse(text) as Record<string, unknown>),
    readings: tenancies.map((t) => ({
      tenancyId: t.id,
      address: t.apartment.address,
      csv: `${origin}${meterReadingsCsvPath(t.id)}?format=plain`,
    })),
    exportedAt: new Date().toISOString(),
  };
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": attachmentDisposition("my-data.json"),
      "Cache-Control": "private, no-store",
    },
  });
}
