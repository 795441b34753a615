import { useTranslation } from "react-i18next";
import { comparisonFace } from "~/components/kpi-list";
import { Smiley } from "~/components/smiley";
import { consumptionComparisons } from "~/domain/smileys";

/** The five consumption smileys of spec section 4 with their meaning (the dashboard's help dialog, the help page). */
export function SmileyLegend() {
  const { t } = useTranslation();
  return (
    <ul className="smiley-legend">
      {consumptionComparisons.map((kind) => (
        <li key={kind} className={`comparison-${kind}`}>
          <Smiley kind={comparisonFace[kind]} label={t(`smiley.legend.${kind}`)} />
        </li>
      ))}
    </ul>
  );
}
