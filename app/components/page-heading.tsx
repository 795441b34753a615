import type { ReactNode } from "react";
import { TitleWithHelp } from "./card";
import type { HelpTopic } from "./help";

/**
 * The top of a page in the tenancy area: its one `<h1>` and what stands beside it (a line about
 * the page, the step of a wizard, a button for the whole page), with its help topic's link.
 */
export function PageHeading({
  title,
  help,
  helpLabel,
  children,
}: {
  title: ReactNode;
  help?: HelpTopic;
  helpLabel?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-heading">
      <h1>
        <TitleWithHelp title={title} help={help} helpLabel={helpLabel} />
      </h1>
      {children}
    </div>
  );
}
