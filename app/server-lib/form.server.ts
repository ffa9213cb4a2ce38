import busboy, { type Busboy } from "busboy";
import { data } from "react-router";
import type { Translate } from "~/lib/i18n/translate";
import { type FormValues, formDataToObject, refuseMissingFields } from "~/lib/schemas/form";
import type { z } from "~/lib/zod";

/**
 * How many fields a form may send and how long one may be, checked as the body is parsed (decision 051): the rest is
 * refused with 413 before it becomes values. The body itself was already limited in bytes by the server
 * (BODY_LIMITS), so parsing is bounded and linear.
 */
export type FormLimits = { fields: number; fieldBytes: number };

/**
 * Public forms (and staff's sign-in forms). The largest sends 45 fields (the suggestion form with every focus area
 * ticked) and its longest field is 4,000 characters (at most 12,000 bytes in UTF-8); a test keeps every public form
 * within these.
 */
export const PUBLIC_FORM_LIMITS: FormLimits = { fields: 100, fieldBytes: 16 * 1024 };
/**
 * Staff's forms: the names screen sends every region, sub-region and focus area in four languages; a newsletter
 * issue's text is up to 100,000 characters.
 */
export const STAFF_FORM_LIMITS: FormLimits = { fields: 5000, fieldBytes: 1024 * 1024 };

/** The longest field name any form of the site uses, with room to spare. */
const FIELD_NAME_BYTES = 200;

/**
 * The words of a refused form body. Staff's forms get these English sentences; a public page's action passes its
 * page's message function (`requestTranslate(request).t`), and the visitor reads them in the page's language (the
 * messages of the `form` part of the `rest` group, whose English is these same sentences).
 */
const ENGLISH_FORM_REFUSALS = {
  unreadable: "The form could not be read. Please submit it again from the page.",
  nul: "The form contains a character (NUL) that is not allowed. Please remove it and submit again.",
  tooManyFields: "The form has more fields than this page sends. Please submit it again from the page.",
  fieldTooLong: "A field of the form is longer than this page allows. Please shorten it and submit again.",
} as const;
type RefusalKind = keyof typeof ENGLISH_FORM_REFUSALS;

const REFUSAL_STATUS: Record<RefusalKind, 400 | 413> = {
  unreadable: 400,
  nul: 400,
  tooManyFields: 413,
  fieldTooLong: 413,
};

function formRefusal(kind: RefusalKind, t?: Translate): string {
  if (!t) return ENGLISH_FORM_REFUSALS[kind];
  switch (kind) {
    case "nul":
      return t("rest.form.nul");
    case "tooManyFields":
      return t("rest.form.tooManyFields");
    case "fieldTooLong":
      return t("rest.form.fieldTooLong");
    default:
      return t("rest.form.unreadable");
  }
}

/** A form body that cannot be taken: the message (in the page's language when `t` was given) and its status. */
export type FormRefusal = { refused: RefusalKind; status: 400 | 413; message: string };

const refusal = (kind: RefusalKind, t?: Translate): FormRefusal => ({
  refused: kind,
  status: REFUSAL_STATUS[kind],
  message: formRefusal(kind, t),
});

const answer = (r: FormRefusal) => data(r.message, { status: r.status, headers: { "Cache-Control": "no-store" } });

/**
 * Parses a form body (URL-encoded or multipart) with busboy, within `limits`: more fields than allowed, a field or
 * name longer than allowed, or any file refuses the whole form instead of keeping a part of it. A NUL character in a
 * field is refused too (no one types it, and Postgres cannot store it in text).
 */
async function parseFormBody(request: Request, limits: FormLimits): Promise<FormData | RefusalKind> {
  const type = request.headers.get("content-type");
  if (!type) return "unreadable";
  let body: Buffer;
  try {
    body = Buffer.from(await request.arrayBuffer());
  } catch {
    return "unreadable";
  }
  return new Promise((resolve) => {
    let parser: Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        limits: {
          fields: limits.fields,
          parts: limits.fields,
          fieldSize: limits.fieldBytes,
          fieldNameSize: FIELD_NAME_BYTES,
          files: 0,
        },
      });
    } catch {
      // Not a form (JSON, text) or a multipart type without its boundary.
      resolve("unreadable");
      return;
    }
    const form = new FormData();
    let refused: RefusalKind | null = null;
    const refuse = (kind: RefusalKind) => {
      refused ??= kind;
    };
    parser.on("field", (name, value, info) => {
      if (refused) return;
      if (info.nameTruncated || info.valueTruncated) return refuse("fieldTooLong");
      if (value.includes("\u0000")) return refuse("nul");
      form.append(name, value);
    });
    parser.on("file", (_name, stream) => {
      // No form of the site sends a file to a page (uploads go to /api/storage).
      stream.resume();
      refuse("unreadable");
    });
    parser.on("fieldsLimit", () => refuse("tooManyFields"));
    parser.on("partsLimit", () => refuse("tooManyFields"));
    parser.on("filesLimit", () => refuse("unreadable"));
    parser.on("error", () => resolve("unreadable"));
    parser.on("close", () => resolve(refused ?? form));
    parser.end(body);
  });
}

/**
 * The request's form body, or the refusal to answer with: a body that is not a form (JSON, garbage, a wrong content
 * type) is the client's mistake (400), as is a NUL character in a field; more fields than `limits` allow, or a field
 * longer, is refused whole (413). Messages in the page's language when `t` is given, else English.
 */
export async function readFormOrRefusal(
  request: Request,
  t?: Translate,
  limits: FormLimits = STAFF_FORM_LIMITS,
): Promise<FormData | FormRefusal> {
  const parsed = await parseFormBody(request, limits);
  return typeof parsed === "string" ? refusal(parsed, t) : parsed;
}

/** True for what `readFormOrRefusal` answers instead of a form. */
export function isFormRefusal(value: FormData | FormRefusal): value is FormRefusal {
  return !(value instanceof FormData);
}

/**
 * The request's form body; a body that cannot be taken is answered (thrown) with its refusal: 400 or 413 with a
 * message, never a 500.
 */
export async function readForm(
  request: Request,
  t?: Translate,
  limits: FormLimits = STAFF_FORM_LIMITS,
): Promise<FormData> {
  const form = await readFormOrRefusal(request, t, limits);
  if (isFormRefusal(form)) throw answer(form);
  return form;
}

/**
 * The request's form body, or null when it cannot be read (for actions whose answer to an unreadable body is the same
 * as to a missing field). A NUL in a text field, too many fields or too long a field are still refused (400, 413).
 */
export async function readFormOrNull(
  request: Request,
  t?: Translate,
  limits: FormLimits = PUBLIC_FORM_LIMITS,
): Promise<FormData | null> {
  const form = await readFormOrRefusal(request, t, limits);
  if (!isFormRefusal(form)) return form;
  if (form.refused === "unreadable") return null;
  throw answer(form);
}

/** Reads an entry form's post: its fields as plain values, once every field the form always sends is there. */
export async function readEntryForm(request: Request, schema: z.ZodType): Promise<FormValues> {
  const values = formDataToObject(await readForm(request));
  refuseMissingFields(schema, values);
  return values;
}

/**
 * Reads the request's whole form and parses it with the action's schema before anything else happens. A form that
 * does not fit (a missing or repeated id, an unknown intent) is answered 400 with the schema's first message.
 */
export async function parseForm<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(formDataToObject(await readForm(request)));
  if (!parsed.success) {
    throw data(parsed.error.issues[0]?.message ?? "The form could not be read.", {
      status: 400,
      headers: { "Cache-Control": "no-store" },
    });
  }
  return parsed.data;
}
