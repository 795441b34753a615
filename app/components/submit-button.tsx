import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A form's submit button, off while a form of the page is being sent, so a second click does not
 * send it twice. (Without JavaScript the browser sends it anyway; the actions allow for that.)
 */
export function SubmitButton({
  className = "button",
  label,
  children,
}: {
  className?: string;
  /** The button's accessible name where its text alone does not say whom it is about. */
  label?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <button type="submit" className={className} aria-label={label} disabled={navigation.state === "submitting"}>
      {children}
    </button>
  );
}

/** The full-width submit button of the sign-in cards, marked aria-disabled while `pending`. */
export function BlockSubmit({ pending, children }: { pending?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button-block" aria-disabled={pending || undefined}>
      {children}
    </button>
  );
}
