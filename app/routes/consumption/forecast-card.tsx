import { helpPath } from "@common/portal-paths";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import type { DashboardForecast } from "./dashboard.server";

/**
 * The dashboard's forecast card (issue 46 item 3, ADR 0072): for each quantity, this month's
 * outlook ("heading for about 410–460 kWh this month; last year 438 kWh"), what has been used so
 * far and the cost, then this year and the billing year compactly; where no forecast is made, why.
 * The sentences are written on the server (dashboard.server.ts), so the card ships no script.
 */
export function ForecastCard({ tenancyId, forecasts }: { tenancyId: string; forecasts: DashboardForecast[] }) {
  const { t } = useTranslation();
  return (
    <Card id="forecast-heading" heading={t("forecast.title")} className="card forecast-card">
      <p className="hint">
        {t("forecast.intro")} <Link to={`${helpPath(tenancyId)}#view-forecast`}>{t("forecast.help_link")}</Link>
      </p>
      {forecasts.length === 0 ? (
        <p className="empty-state">{t("forecast.none")}</p>
      ) : (
        <ul className="forecast-list">
          {forecasts.map((item) => (
            <li key={item.quantity} className={`forecast forecast-${item.quantity}`}>
              <h3>{t(`quantity.${item.quantity}`)}</h3>
              <ul className="forecast-horizons">
                {item.lines.map((line) => (
                  <li key={line.horizon} className={`forecast-horizon forecast-${line.horizon.toLowerCase()}`}>
                    <h4>{line.label}</h4>
                    {line.outlook ? <p className="forecast-outlook">{line.outlook}</p> : null}
                    {line.problem ? <p className="forecast-problem">{line.problem}</p> : null}
                    {line.soFar || line.cost ? (
                      <p className="hint">{[line.soFar, line.cost].filter((part) => part !== null).join(" · ")}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
