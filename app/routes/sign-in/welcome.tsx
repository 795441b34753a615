import { tenanciesPath, welcomePath, welcomeWithRedirectPath } from "@common/portal-paths";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/domain/redirects";
import { withSearchParam } from "~/domain/url-state";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { requireUser } from "~/session/guards.server";

/** The four onboarding slides (spec section 2), shown once after the first sign-in. */
const slides = ["monitor", "compare", "analyse", "alarms"] as const;

export { errorAwareHeaders as headers } from "~/security/route-headers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const step = Math.min(slides.length, Math.max(1, Number(url.searchParams.get("step")) || 1));
  return { step, next: safeRedirectPath(url.searchParams.get("redirectTo")) ?? tenanciesPath };
}

/** Skip and finish both record that the slides were seen, then go on. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  await context.api.account.markOnboarded();
  return redirect(safeRedirectPath(form.get("redirectTo")) ?? tenanciesPath);
}

export default function Welcome() {
  const { t } = useTranslation();
  const { step, next } = useLoaderData<typeof loader>();
  const slide = slides[step - 1]!;
  const last = step === slides.length;
  const here = welcomeWithRedirectPath(next);
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: screen readers may ignore it without a role; adding one changes what they announce
    <div className="public-card onboarding" aria-roledescription="carousel">
      <p className="hint">{t("onboarding.step", { n: step, total: slides.length })}</p>
      <h1>{t(`onboarding.${slide}_title`)}</h1>
      <p>{t(`onboarding.${slide}_body`)}</p>
      <ol className="onboarding-dots" aria-hidden="true">
        {slides.map((s, i) => (
          <li key={s} data-current={i + 1 === step ? "true" : "false"} />
        ))}
      </ol>
      <Form method="post" className="onboarding-actions">
        <input type="hidden" name="redirectTo" value={next} />
        {last ? (
          <button type="submit" className="button">
            {t("onboarding.finish")}
          </button>
        ) : (
          <>
            <button type="submit" className="button button-secondary">
              {t("onboarding.skip")}
            </button>
            <Link
              to={withSearchParam(welcomePath, new URL(here, "http://x").search, "step", String(step + 1))}
              className="button"
            >
              {t("onboarding.next")}
            </Link>
          </>
        )}
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "onboarding.label");

/** A refused post (ADR 0019) shows its message inside the public layout, with the Allow header. */
export { RouteError as ErrorBoundary } from "~/components/route-error";
