import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { withSearchParam } from "~/domain/url-state";
import { Modal } from "./modal";

/**
 * The help dialogs of spec section 2, each addressed by the URL (`?help=co2`), so a help link opens
 * its dialog and the close link closes it with or without JavaScript.
 */
export const helpTopics = ["rating", "smileys", "co2", "indoor-climate", "cost", "room", "meter", "readout"] as const;
export type HelpTopic = (typeof helpTopics)[number];

/** How many paragraphs each topic's text has (help.<topic>.p1 … pN in the locales). */
export const helpParagraphs: Record<HelpTopic, number> = {
  rating: 3,
  smileys: 2,
  co2: 2,
  "indoor-climate": 3,
  cost: 3,
  room: 2,
  meter: 2,
  readout: 2,
};

export const helpParam = "help";

/** A link that opens a help dialog, keeping the rest of the page's state in the URL. */
export function HelpLink({ topic, children }: { topic: HelpTopic; children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link
      to={withSearchParam(location.pathname, location.search, helpParam, topic)}
      className="help-link"
      preventScrollReset
    >
      <span aria-hidden="true" className="help-icon">
        ?
      </span>{" "}
      {/* Its name is text, not an aria-label, so that text browsers read more than "?". */}
      {children ? (
        <span>{children}</span>
      ) : (
        <span className="visually-hidden">{t("help.open", { topic: t(`help.${topic}.title`) })}</span>
      )}
    </Link>
  );
}

/**
 * The open help dialog, if the URL names one of `topics`. `values` fill the texts' placeholders;
 * `extra` adds content after the paragraphs (the CO2 fun facts, the smiley legend).
 */
export function HelpDialog({
  topics,
  values = {},
  extra = {},
}: {
  topics: readonly HelpTopic[];
  values?: Record<string, string | number>;
  extra?: Partial<Record<HelpTopic, ReactNode>>;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const topic = new URLSearchParams(location.search).get(helpParam);
  if (!topic || !(topics as readonly string[]).includes(topic)) return null;
  const open = topic as HelpTopic;
  const closeHref = withSearchParam(location.pathname, location.search, helpParam, null);
  const paragraphs = Array.from({ length: helpParagraphs[open] }, (_, i) => `help.${open}.p${i + 1}`);
  return (
    <Modal
      title={t(`help.${open}.title`)}
      closeHref={closeHref}
      variant={open === "co2" ? "stretch" : "panel"}
      maxWidth={open === "co2" ? 706 : 484}
    >
      {paragraphs.map((key) => (
        <p key={key}>{t(key, values)}</p>
      ))}
      {extra[open] ?? null}
    </Modal>
  );
}
