import { useTranslation } from "react-i18next";
import { type PolicyKind, policiesNamespace, policyContent } from "~/routes/public/policies";
import { StandalonePage } from "./standalone-page";

export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation(["common", policiesNamespace]);
  return (
    <StandalonePage>
      <article className="policy">
        <h1>{t(kind === "data" ? "policy.data_title" : "policy.cookie_title")}</h1>
        {policyContent(kind, t).map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </StandalonePage>
  );
}
