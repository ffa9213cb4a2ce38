import type { ReactNode } from "react";
import { Form } from "react-router";
import { PageIntro } from "./page-intro";

/**
 * The page behind a link sent by e-mail, before anything happens: what the link will do, and a button that does it.
 * Opening the link changes nothing (mail scanners open every link in a message); only the button posts the token.
 */
export function LinkAskPage(props: {
  title: string;
  lead: string;
  token: string;
  button: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <main id="main">
      <PageIntro title={props.title} lead={props.lead} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Form method="post" data-analytics-form="link-confirmation">
          <input type="hidden" name="token" value={props.token} />
          <p className="text-lg text-stone-800">{props.children}</p>
          <button
            type="submit"
            className="mt-6 rounded-lg bg-leaf-700 px-5 py-3 font-semibold text-white hover:bg-leaf-800"
          >
            {props.button}
          </button>
          {props.after ? <p className="mt-6 text-stone-700">{props.after}</p> : null}
        </Form>
      </div>
    </main>
  );
}

/** The page after a link was used, or when it does not work: a title, a lead and what to do next. */
export function LinkOutcomePage(props: { title: string; lead: string; children: ReactNode }) {
  return (
    <main id="main">
      <PageIntro title={props.title} lead={props.lead} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="status" className="text-stone-800">
          {props.children}
        </p>
      </div>
    </main>
  );
}
