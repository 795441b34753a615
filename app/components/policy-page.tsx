import { useTranslation } from "react-i18next";
import { policies, type PolicyKind } from "~/routes/public/policies";
import { isLanguage, defaultLanguage } from "@common/languages";
import { StandalonePage } from "./standalone-page";

export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return (
    <StandalonePage>
      <article className="policy">
        <h1>{t(kind === "data" ? "policy.data_title" : "policy.cookie_title")}</h1>
        {policies[kind][language].map((section) => (
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
