import type { ReactNode } from "react";
import { HelpLink, type HelpTopic } from "./help";

/** A heading's text and, with a help topic, the topic's "?" link after it (`helpLabel` beside the "?"). */
export function TitleWithHelp({
  title,
  help,
  helpLabel,
}: {
  title: ReactNode;
  help?: HelpTopic;
  helpLabel?: ReactNode;
}) {
  return (
    <>
      {title}
      {help ? (
        <>
          {" "}
          <HelpLink topic={help}>{helpLabel}</HelpLink>
        </>
      ) : null}
    </>
  );
}

/**
 * A card of a page: a section named by its heading (aria-labelledby), so assistive technology
 * lists it among the page's regions by that name. `help` puts the topic's "?" link after the
 * heading's text, with `helpLabel` beside the "?" where the link says more than "help".
 */
export function Card({
  id,
  heading,
  help,
  helpLabel,
  className = "card",
  children,
}: {
  id: string;
  heading: ReactNode;
  help?: HelpTopic;
  helpLabel?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>
        <TitleWithHelp title={heading} help={help} helpLabel={helpLabel} />
      </h2>
      {children}
    </section>
  );
}
