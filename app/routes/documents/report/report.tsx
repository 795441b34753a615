import { loginPath, reportPdfPath } from "@common/portal-paths";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Fact } from "~/components/fact";
import { withoutScripts } from "~/components/page-scripts";
import { ReportChart } from "~/components/report-chart";
import { RouteError } from "~/components/route-error";
import { StandalonePage } from "~/components/standalone-page";
import { translatorFor } from "~/i18n/i18n.server";
import { loadReport, reportData, unavailableStatus } from "~/routes/documents/report/report.server";
import type { ReportView } from "~/routes/documents/report/report-view";

/**
 * /report/{code} (spec sections 2, 3, 9): the monthly consumption report a resident opens
 * from the e-mail, often on a phone with scripts blocked, without signing in. Plain HTML and a
 * server-drawn SVG chart; "Download PDF" gives the same view as a PDF. An unknown, expired or
 * revoked code: "report no longer available" with 404 or 410.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const result = await loadReport(request, context, params.code);
  const { language } = result;
  if (result.status !== "available") {
    const t = await translatorFor(request);
    return reportData({ view: null, language, title: t("report.unavailable_heading") }, unavailableStatus(result));
  }
  return reportData({ view: result.view, language, title: result.view.title });
}

// A document, not an app: read on a phone from the e-mail, it ships no script.
export const handle = withoutScripts;

// Its loader's headers (never cached, no referrer, not indexed) and a 429's Retry-After.
export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { appName?: string } | undefined;
  return [{ title: [data?.title, root?.appName].filter(Boolean).join(" – ") }, { name: "robots", content: "noindex" }];
};

export default function Report() {
  const { view, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { code } = useParams();
  if (view === null) {
    return (
      <StandalonePage>
        <div className="report-unavailable" role="alert">
          <h1>{t("report.unavailable_heading")}</h1>
          <p>{t("report.unavailable_text")}</p>
        </div>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage footer={<AppFooter view={view} />}>
      <article className="report">
        <header className="report-header">
          <p className="report-kind">{t("report.name")}</p>
          <h1>{view.title}</h1>
          <p className="report-address">{view.address}</p>
          <p>{view.intro}</p>
          <p className="report-download">
            <a className="button" href={`${reportPdfPath(code ?? "")}?lng=${language}`} download={view.fileName}>
              {t("report.download_pdf")}
            </a>{" "}
            <span className="report-download-hint">{t("report.pdf_hint")}</span>
          </p>
        </header>

        <section aria-labelledby="report-totals">
          <h2 id="report-totals">{view.totalsTitle}</h2>
          {view.quantities.map((q) => (
            <section key={q.quantity} className="report-quantity" aria-labelledby={`report-q-${q.quantity}`}>
              <h3 id={`report-q-${q.quantity}`}>{q.name}</h3>
              <p className="report-total" data-quantity={q.quantity}>
                {q.total}
              </p>
              <p className={`report-compare report-compare-${q.comparison.direction}`}>
                {q.hasData ? q.comparison.text : t("report.no_data")}
              </p>
              {q.weather.map((line) => (
                <div key={line.change} className="report-weather">
                  <p className={`report-compare report-compare-${line.direction}`}>{line.change}</p>
                  {line.detail ? <p className="report-note">{line.detail}</p> : null}
                </div>
              ))}
              <dl className="report-facts">
                {q.facts.map((fact) => (
                  <Fact key={fact.label} term={fact.label}>
                    {fact.value}
                  </Fact>
                ))}
              </dl>
              <ReportChart
                {...q.chart}
                tableHeading={t("report.chart_table")}
                monthHeading={t("report.chart_month")}
                valueHeading={t("report.chart_value")}
              />
            </section>
          ))}
        </section>

        {view.water ? (
          <section aria-labelledby="report-water" className="report-water">
            <h2 id="report-water">{view.water.title}</h2>
            <ul>
              {view.water.prices.map((price) => (
                <li key={price}>{price}</li>
              ))}
            </ul>
            <dl className="report-facts">
              {view.water.costs.map((cost) => (
                <Fact key={cost.label} term={cost.label}>
                  {cost.value}
                </Fact>
              ))}
            </dl>
            <p className="report-note">{view.water.note}</p>
          </section>
        ) : null}

        <section aria-labelledby="report-info">
          <h2 id="report-info">{view.info.title}</h2>
          <div className="report-info-boxes">
            {view.info.boxes.map((box, index) => (
              <div key={box.title} className="report-info-box">
                <h3>{box.title}</h3>
                <p>{box.text}</p>
                {index === view.info.boxes.length - 1 ? (
                  <p>
                    <Link to={loginPath}>{t("report.sign_in")}</Link>
                  </p>
                ) : null}
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="report-advice">
          <h2 id="report-advice">{view.advice.title}</h2>
          <p>{view.advice.intro}</p>
          <ul>
            {view.advice.contacts.map((contact) => (
              <li key={contact.url}>
                <a href={contact.url} rel="noopener noreferrer">
                  {contact.name}
                </a>
              </li>
            ))}
          </ul>
          {view.advice.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>

        <section aria-labelledby="report-disclaimer" className="report-disclaimer">
          <h2 id="report-disclaimer">{view.disclaimer.title}</h2>
          <p>{view.disclaimer.text}</p>
        </section>
      </article>
    </StandalonePage>
  );
}

function AppFooter({ view }: { view: ReportView }) {
  return (
    <footer className="report-app">
      <h2>{view.app.title}</h2>
      <p>{view.app.text}</p>
      <p className="report-app-links">
        <a href={view.app.appStore.url} rel="noopener noreferrer">
          {view.app.appStore.label}
        </a>
        <a href={view.app.googlePlay.url} rel="noopener noreferrer">
          {view.app.googlePlay.label}
        </a>
      </p>
    </footer>
  );
}

export function ErrorBoundary() {
  return (
    <StandalonePage>
      <RouteError />
    </StandalonePage>
  );
}
