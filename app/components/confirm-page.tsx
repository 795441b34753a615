import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "./submit-button";

/**
 * A form's submit button, off while it is sent, and the way back that changes nothing. Without a
 * `submit` label only the way back is offered (a change that is not allowed).
 */
export function SubmitAndBack({
  submit,
  danger = false,
  backTo,
  backLabel,
}: {
  submit: string | null;
  danger?: boolean;
  backTo: string;
  backLabel: string;
}) {
  return (
    <>
      {submit === null ? null : (
        <SubmitButton className={danger ? "button button-danger" : "button"}>{submit}</SubmitButton>
      )}{" "}
      <Link to={backTo} className="button button-secondary">
        {backLabel}
      </Link>
    </>
  );
}

/**
 * A page that asks before something that cannot be undone (deleting an alarm, leaving a tenancy,
 * removing a user): what it is about, in bold, then the question and its answers, which the caller
 * gives (usually a {@link ConfirmForm}).
 */
export function ConfirmPage({
  className,
  title,
  subject,
  detail,
  children,
}: {
  className: string;
  title: string;
  subject: ReactNode;
  detail?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h1>{title}</h1>
      <section className="card">
        <p>
          <strong>{subject}</strong>
          {detail === undefined ? null : ` (${detail})`}
        </p>
        {children}
      </section>
    </div>
  );
}

/** The confirmation's post: the dangerous button (where it is allowed) and the way back. */
export function ConfirmForm(props: { submit: string | null; backTo: string; backLabel: string }) {
  return (
    <Form method="post" className="button-row">
      <SubmitAndBack danger {...props} />
    </Form>
  );
}
