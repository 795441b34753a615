import { helpPath } from "@common/portal-paths";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { type HelpTopic, helpParagraphs, helpTopics } from "~/components/help";
import { PageHeading } from "~/components/page-heading";
import { withoutScripts } from "~/components/page-scripts";
import { SmileyLegend } from "~/components/smiley-legend";
import { indoorClimateBands } from "~/domain/smileys";
import { languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/i18n/meta";
import { loadNamespaces } from "~/i18n/translation-files";
import {
  contactAnchor,
  type HelpBlock,
  helpNamespace,
  helpPageContent,
  helpTopicAnchor,
  topicsAnchor,
} from "~/routes/public/help-page";
import { requireTenancy } from "~/session/guards.server";
import helpStyles from "~/styles/help.css?url";
import type { TenancyHandle } from "../tenancy/tenancy-layout";

const titleKey = "help_page.title";

export const handle: TenancyHandle & { i18n: string; scripts: false } = {
  // Headings, paragraphs and links: its document ships no script.
  ...withoutScripts,
  // The page's long texts are a namespace of their own, loaded only for this page.
  i18n: helpNamespace,
  breadcrumb: (tenancyId) => ({
    labelKey: titleKey,
    to: helpPath(tenancyId),
  }),
  // A page of the side menu: no trail, the menu button on a phone.
  clearsBreadcrumbs: true,
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: helpStyles }];

/** The property's contact as the account service gives it (any field may be missing). */
export interface PropertyContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * /t/{tenancyId}/help (spec sections 2, 4 and 9): how to read each view, energy-saving
 * tips, how alarms work, the eight help topics of the `?help=` dialogs as sections with anchors,
 * and whom to contact. Plain links and headings: it works without JavaScript.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [{ tenancy }, language] = await Promise.all([requireTenancy(request, params, context), languageOf(request)]);
  // The property's contact; a back-end that does not answer costs the page its contact, never the page.
  const info = await context.api.account.tenancyInfo(tenancy.tenancyId).catch(() => null);
  const contact: PropertyContact | null = info?.propertyContact ?? null;
  return { tenancyId: tenancy.id, language, contact };
}

/** A client navigation shows the page once its texts are there (the first visit loads them). */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadNamespaces(request, [helpNamespace])]);
  return data;
}

/** The values the help texts' placeholders take, as the pages with the dialogs pass them. */
const topicValues: Record<string, number> = {
  happyFrom: indoorClimateBands.temperature.happy[0],
  happyTo: indoorClimateBands.temperature.happy[1],
  humidityFrom: indoorClimateBands.humidity.happy[0],
  humidityTo: indoorClimateBands.humidity.happy[1],
};

export default function Help() {
  const { t } = useTranslation(["common", helpNamespace]);
  const { contact } = useLoaderData<typeof loader>();
  const page = helpPageContent(t);
  const shown = contact && (contact.name || contact.email || contact.phone) ? contact : null;
  return (
    <div className="help-page">
      <PageHeading title={page.title} />
      <p className="lead">{page.intro}</p>

      <nav className="card help-toc" aria-label={page.tocLabel}>
        <ul>
          {page.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
              {section.subsections.length > 0 ? (
                <ul>
                  {section.subsections.map((sub) => (
                    <li key={sub.id}>
                      <a href={`#${sub.id}`}>{sub.heading}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          <li>
            <a href={`#${topicsAnchor}`}>{page.topicsHeading}</a>
            <ul>
              {helpTopics.map((topic) => (
                <li key={topic}>
                  <a href={`#${helpTopicAnchor(topic)}`}>{t(`help.${topic}.title`)}</a>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <a href={`#${contactAnchor}`}>{page.contactHeading}</a>
          </li>
        </ul>
      </nav>

      {page.sections.map((section) => (
        <section key={section.id} className="card help-section" aria-labelledby={section.id}>
          <h2 id={section.id}>{section.heading}</h2>
          <BlockBody block={section} />
          {section.subsections.map((sub) => (
            <section key={sub.id} className="help-subsection" aria-labelledby={sub.id}>
              <h3 id={sub.id}>{sub.heading}</h3>
              <BlockBody block={sub} />
            </section>
          ))}
        </section>
      ))}

      <Card id={topicsAnchor} heading={page.topicsHeading} className="card help-section">
        <p>{page.topicsIntro}</p>
        {helpTopics.map((topic) => (
          <HelpTopicSection key={topic} topic={topic} co2Note={page.co2Note} />
        ))}
      </Card>

      <Card id={contactAnchor} heading={page.contactHeading} className="card help-section">
        <p>{page.contactIntro}</p>
        {shown ? (
          <address className="help-contact">
            {shown.name ? <strong>{shown.name}</strong> : null}
            {shown.email ? (
              <span>
                {page.emailLabel}: <a href={`mailto:${shown.email}`}>{shown.email}</a>
              </span>
            ) : null}
            {shown.phone ? (
              <span>
                {page.phoneLabel}: <a href={`tel:${shown.phone.replace(/\s+/g, "")}`}>{shown.phone}</a>
              </span>
            ) : null}
          </address>
        ) : (
          <p className="empty-state">{page.noContact}</p>
        )}
      </Card>
    </div>
  );
}

function BlockBody({ block }: { block: HelpBlock }) {
  return (
    <>
      {block.paragraphs.map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
      {block.list ? (
        <ul>
          {block.list.map((item) => (
            <li key={item.slice(0, 40)}>{item}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * One help topic with the texts of its `?help=` dialog. The CO₂ dialog's fun facts need a period's
 * footprint, so here its first paragraph is followed by a sentence saying where they are shown.
 */
function HelpTopicSection({ topic, co2Note }: { topic: HelpTopic; co2Note: string }) {
  const { t } = useTranslation();
  const id = helpTopicAnchor(topic);
  const count = topic === "co2" ? 1 : helpParagraphs[topic];
  const keys = Array.from({ length: count }, (_, i) => `help.${topic}.p${i + 1}`);
  return (
    <section className="help-subsection" aria-labelledby={id}>
      <h3 id={id}>{t(`help.${topic}.title`)}</h3>
      {keys.map((key) => (
        <p key={key}>{t(key, topicValues)}</p>
      ))}
      {topic === "co2" ? <p>{co2Note}</p> : null}
      {topic === "smileys" ? <SmileyLegend /> : null}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, titleKey);

export { RouteError as ErrorBoundary } from "~/components/route-error";
