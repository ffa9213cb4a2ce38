import { data, Form, useNavigation } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { formatDate } from "~/components/admin/shell/format";
import { PageHeader, PageSection } from "~/components/admin/shell/page-header";
import { FramedTable } from "~/components/admin/simple-table";
import { fieldIds, SelectField, SubmitButton, TextField } from "~/components/forms/form-field";
import { fieldErrors, type TypedValues } from "~/lib/schemas";
import {
  type CreateUserSchema,
  createUserProblems,
  ROLE_LABELS,
  USER_ROLES,
  UserActionSchema,
} from "~/lib/schemas/admin-users";
import { formDataToObject, textValue } from "~/lib/schemas/form";
import { readForm } from "~/server-lib/form.server";
import { redirectWithToast } from "~/services/site/toast.server";
import {
  changeUserRole,
  createUserWithPassword,
  getNoticeSettings,
  getUserByEmail,
  getUserById,
  listUsers,
  setNoticeSettings,
  setUserDisabled,
  type UserChangeResult,
} from "~/services/staff/accounts.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import {
  inviteStaff,
  listPendingInvitations,
  mayInviteAgain,
  resendInvitation,
} from "~/services/staff/staff-links.server";
import type { Route } from "./+types/users";

const NO_STORE = { "Cache-Control": "no-store" };
const USERS_PATH = "/admin/dashboard/users";
const LAST_ADMIN_MESSAGE =
  "This is the last active administrator. Make another user an administrator first, so that someone can still manage the site.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(context.services, request);
  const [users, invitations, notices] = await Promise.all([
    listUsers(context.services.db),
    listPendingInvitations(context.services.db),
    getNoticeSettings(context.services.db, me.id),
  ]);
  return data(
    {
      users: users.map((u) => ({ ...u, invitedUntil: invitations.get(u.id)?.toISOString() ?? null })),
      meId: me.id,
      notices,
      mailSending: context.services.mail.sending,
    },
    { headers: NO_STORE },
  );
}

type ActionResult = {
  intent: string;
  userId?: string;
  fields: Record<string, string>;
  formError?: string;
  values?: TypedValues<typeof CreateUserSchema, "name" | "email" | "role" | "access">;
};

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (err as { cause?: { code?: unknown } })?.cause?.code;
  return code === "23505";
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const { db } = context.services;
  // Every field as sent: one sent twice reaches the schema as a list and is refused, never read as one of them.
  const raw = formDataToObject(await readForm(request));
  const parsed = UserActionSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const result: ActionResult = {
      intent: textValue(raw, "intent"),
      userId: typeof raw.userId === "string" ? raw.userId : undefined,
      fields,
      ...(fields.userId ? { formError: fields.userId } : {}),
      values: {
        name: textValue(raw, "name"),
        email: textValue(raw, "email"),
        role: textValue(raw, "role") || "DEFAULT",
        access: textValue(raw, "access") || "invite",
      },
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const input = parsed.data;
  const audit = (entry: Parameters<typeof auditStaffAction>[1]) => auditStaffAction(context.services, entry);

  if (input.intent === "notices") {
    // Only ever one's own settings: the signed-in member's row, whatever else the form says.
    const settings = {
      applications: input.applications === "on",
      contributions: input.contributions === "on",
      digest: input.delivery === "digest",
    };
    await setNoticeSettings(db, me.id, settings);
    await audit({
      user: me,
      action: "update",
      entity: "user",
      entityId: me.id,
      summary: `Changed their e-mail notices: applications ${settings.applications ? "on" : "off"}, contributions ${settings.contributions ? "on" : "off"}, ${settings.digest ? "daily digest" : "one message each"}`,
    });
    return redirectWithToast(USERS_PATH, "Your e-mail notices are saved");
  }

  if (input.intent === "create") {
    const fail = (fields: Record<string, string>): ActionResult => ({
      intent: "create",
      fields,
      values: { name: input.name, email: input.email, role: input.role, access: input.access },
    });
    const problems = createUserProblems(input);
    if (Object.keys(problems).length > 0) return data(fail(problems), { status: 400, headers: NO_STORE });
    if (await getUserByEmail(db, input.email)) {
      return data(fail({ email: "A user with this e-mail address already exists." }), {
        status: 409,
        headers: NO_STORE,
      });
    }
    let id: string;
    try {
      id =
        input.access === "invite"
          ? await inviteStaff(context.services, input, me.email)
          : await createUserWithPassword(db, { ...input, password: input.password ?? "" });
    } catch (err) {
      if (isUniqueViolation(err)) {
        return data(fail({ email: "A user with this e-mail address already exists." }), {
          status: 409,
          headers: NO_STORE,
        });
      }
      throw err;
    }
    const email = input.email.toLowerCase();
    await audit({
      user: me,
      action: "create",
      entity: "user",
      entityId: id,
      summary: `${input.access === "invite" ? "Invited" : "Created"} user ${email} (${ROLE_LABELS[input.role]})`,
    });
    return redirectWithToast(
      USERS_PATH,
      input.access === "invite"
        ? `${email} is invited: they choose their password from the link in the e-mail.`
        : `User ${email} created.`,
      "success",
      { headers: NO_STORE },
    );
  }

  const target = await getUserById(db, input.userId);
  const refuse = (formError: string, status = 409) => {
    const result: ActionResult = { intent: input.intent, userId: input.userId, fields: {}, formError };
    return data(result, { status, headers: NO_STORE });
  };
  if (!target) return refuse("That user no longer exists.", 404);

  if (input.intent === "resend-invitation") {
    if (!(await mayInviteAgain(context.services, target))) {
      return refuse("This user already chose a password, or is disabled: there is no invitation to send.");
    }
    await resendInvitation(context.services, target, me.email);
    await audit({
      user: me,
      action: "send",
      entity: "user",
      entityId: target.id,
      summary: `Sent a new invitation to ${target.email}`,
    });
    return redirectWithToast(USERS_PATH, `A new invitation is on its way to ${target.email}.`, "success", {
      headers: NO_STORE,
    });
  }

  let outcome: UserChangeResult;
  if (input.intent === "change-role") {
    outcome = await changeUserRole(db, target.id, input.role);
  } else {
    const disable = input.intent === "disable";
    if (disable && target.id === me.id) return refuse("You cannot disable your own account.");
    outcome = await setUserDisabled(db, target.id, disable);
  }
  if (outcome === "not-found") return refuse("That user no longer exists.", 404);
  if (outcome === "last-admin") return refuse(LAST_ADMIN_MESSAGE);
  if (outcome === "unchanged")
    return redirectWithToast(USERS_PATH, "Nothing to change.", "info", { headers: NO_STORE });

  let message: string;
  if (input.intent === "change-role") {
    message = `${target.email} is now ${input.role === "ADMIN" ? "an administrator" : "a default user"}.`;
    await audit({
      user: me,
      action: "role",
      entity: "user",
      entityId: target.id,
      summary: `Changed the role of ${target.email} to ${ROLE_LABELS[input.role]}`,
    });
  } else if (input.intent === "disable") {
    message = `${target.email} is disabled and signed out everywhere.`;
    await audit({
      user: me,
      action: "disable",
      entity: "user",
      entityId: target.id,
      summary: `Disabled user ${target.email}`,
    });
  } else {
    message = `${target.email} is enabled again.`;
    await audit({
      user: me,
      action: "enable",
      entity: "user",
      entityId: target.id,
      summary: `Re-enabled user ${target.email}`,
    });
  }
  return redirectWithToast(USERS_PATH, message, "success", { headers: NO_STORE });
}

export const meta = () => adminMeta("Users");

const rowButtonClass =
  "rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 disabled:opacity-60";

/** The form-field module has no password input; this one follows its markup and id scheme. */
function PasswordField({ error }: { error?: string }) {
  const ids = fieldIds("password");
  return (
    <div>
      <label htmlFor={ids.id} className="block text-sm font-semibold text-stone-800">
        Password<span className="font-normal text-stone-600"> (only to set one now)</span>
      </label>
      <input
        id={ids.id}
        name="password"
        type="password"
        autoComplete="new-password"
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.hintId, error ? ids.errorId : null].filter(Boolean).join(" ")}
        className="mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 shadow-sm aria-[invalid=true]:border-red-700"
      />
      <p id={ids.hintId} className="mt-1 text-sm text-stone-600">
        At least 12 characters. Share it with the person privately.
      </p>
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { users, meId, mailSending, notices } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const createErrors = actionData?.intent === "create" ? actionData.fields : {};
  const createValues = actionData?.intent === "create" ? actionData.values : undefined;
  const rowError = actionData && actionData.intent !== "create" ? actionData : undefined;
  const rowMessage = rowError?.formError ?? Object.values(rowError?.fields ?? {})[0];
  const rowUser = rowError?.userId ? users.find((u) => u.id === rowError.userId) : undefined;

  return (
    <>
      <PageHeader
        title="Users"
        description="People who can sign in. Administrators manage the site; default users have no access to the admin area."
      />

      {rowMessage ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {rowUser ? `${rowUser.email}: ` : ""}
          {rowMessage}
        </p>
      ) : null}

      <NoticeSettingsForm notices={notices} mailSending={mailSending} busy={busy} />

      <PageSection id="users" title={`All users (${users.length})`} className="mb-10">
        <FramedTable labels={["E-mail", "Name", "Role", "Status", "Created", "Actions"]}>
          {users.map((u) => {
            const isMe = u.id === meId;
            return (
              <tr key={u.id} className={u.banned ? "bg-stone-50 text-stone-600" : undefined}>
                <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                  {u.email}
                  {isMe ? <span className="ml-2 text-xs font-normal text-stone-600">(you)</span> : null}
                </th>
                <td className="px-4 py-3">{u.name}</td>
                <td className="px-4 py-3">
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="change-role" />
                    <input type="hidden" name="userId" value={u.id} />
                    <label htmlFor={`role-${u.id}`} className="sr-only">
                      Role of {u.email}
                    </label>
                    <select
                      id={`role-${u.id}`}
                      name="role"
                      defaultValue={u.role}
                      key={`${u.id}-${u.role}`}
                      className="rounded-md border border-stone-400 bg-white px-2 py-1"
                    >
                      {USER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r === "ADMIN" ? "Administrator" : "Default"}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={rowButtonClass} disabled={busy}>
                      Save role<span className="sr-only"> of {u.email}</span>
                    </button>
                  </Form>
                </td>
                <td className="px-4 py-3">
                  {u.banned ? (
                    "Disabled"
                  ) : u.invitedUntil ? (
                    <div className="space-y-1">
                      <p>
                        Invited, until <time dateTime={u.invitedUntil}>{formatDate(new Date(u.invitedUntil))}</time>
                      </p>
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend-invitation" />
                        <input type="hidden" name="userId" value={u.id} />
                        <button type="submit" className={rowButtonClass} disabled={busy}>
                          Resend invitation<span className="sr-only"> to {u.email}</span>
                        </button>
                      </Form>
                    </div>
                  ) : !u.hasPassword ? (
                    // The invitation expired, or ended when the account was disabled: staff may send another.
                    <div className="space-y-1">
                      <p>Invitation ended</p>
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend-invitation" />
                        <input type="hidden" name="userId" value={u.id} />
                        <button type="submit" className={rowButtonClass} disabled={busy}>
                          Send a new invitation<span className="sr-only"> to {u.email}</span>
                        </button>
                      </Form>
                    </div>
                  ) : (
                    "Active"
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <time dateTime={new Date(u.createdAt).toISOString()}>{formatDate(u.createdAt)}</time>
                </td>
                <td className="px-4 py-3">
                  {isMe ? (
                    <span className="text-stone-600">Your account</span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value={u.banned ? "enable" : "disable"} />
                      <input type="hidden" name="userId" value={u.id} />
                      <button type="submit" className={rowButtonClass} disabled={busy}>
                        {u.banned ? "Enable" : "Disable"}
                        <span className="sr-only"> {u.email}</span>
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </FramedTable>
      </PageSection>

      <PageSection id="create" title="Add a user" className="max-w-xl">
        <Form
          method="post"
          noValidate
          className="space-y-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
          key={actionData?.intent === "create" ? "create-retry" : "create"}
        >
          <input type="hidden" name="intent" value="create" />
          <TextField name="name" label="Name" required error={createErrors.name} defaultValue={createValues?.name} />
          <TextField
            name="email"
            type="email"
            label="E-mail"
            required
            error={createErrors.email}
            defaultValue={createValues?.email}
          />
          <fieldset>
            <legend className="text-sm font-semibold text-stone-800">How they get a password</legend>
            <div className="mt-2 space-y-2">
              <label className="flex items-start gap-2">
                <input
                  type="radio"
                  name="access"
                  value="invite"
                  defaultChecked={(createValues?.access ?? "invite") === "invite"}
                  className="mt-1 size-4"
                />
                <span>
                  Send them an invitation to choose their own password
                  <span className="block text-sm text-stone-600">
                    {mailSending
                      ? "The link works once, within seven days."
                      : "No mail server is configured: the invitation waits in the Outbox, where you can copy its link."}
                  </span>
                </span>
              </label>
              <label className="flex items-start gap-2">
                <input
                  type="radio"
                  name="access"
                  value="password"
                  defaultChecked={createValues?.access === "password"}
                  className="mt-1 size-4"
                />
                <span>Set a password now and share it privately</span>
              </label>
            </div>
          </fieldset>
          <PasswordField error={createErrors.password} />
          <SelectField
            name="role"
            label="Role"
            required
            error={createErrors.role}
            options={USER_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            defaultValue={createValues?.role ?? "DEFAULT"}
          />
          <SubmitButton pending={busy} pendingLabel="Adding...">
            Add user
          </SubmitButton>
        </Form>
      </PageSection>
    </>
  );
}

/**
 * The signed-in member's own e-mail notices (decision 058): what they hear of and how. Until they save, the default
 * applies (everything, one message each, for the first administrator; nothing for anyone else), and the form says so.
 */
function NoticeSettingsForm({
  notices,
  mailSending,
  busy,
}: {
  notices: { applications: boolean; contributions: boolean; digest: boolean; chosen: boolean };
  mailSending: boolean;
  busy: boolean;
}) {
  return (
    <section id="notices" aria-labelledby="notices-heading" className="mb-10 scroll-mt-4">
      <h2 id="notices-heading" className="mb-1 text-lg font-semibold text-stone-900">
        Your e-mail notices
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        What the site e-mails you about when visitors send something.
        {notices.chosen ? "" : " You have not chosen yet: these are the defaults."}
        {mailSending ? "" : " No mail server is configured: messages are kept in the Outbox."}
      </p>
      <Form method="post" className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
        <input type="hidden" name="intent" value="notices" />
        <fieldset className="space-y-2">
          <legend className="font-semibold text-stone-900">Tell me about</legend>
          {NOTICE_TOPICS.map(([name, label]) => (
            <NoticeChoice key={name} type="checkbox" name={name} checked={notices[name]} label={label} />
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold text-stone-900">How</legend>
          {NOTICE_DELIVERY.map(([value, label]) => (
            <NoticeChoice
              key={value}
              type="radio"
              name="delivery"
              value={value}
              checked={(value === "digest") === notices.digest}
              label={label}
            />
          ))}
        </fieldset>
        <SubmitButton pending={busy}>Save my notices</SubmitButton>
      </Form>
    </section>
  );
}

const NOTICE_TOPICS = [
  ["applications", "New applications"],
  ["contributions", "New suggested places and corrections"],
] as const;

const NOTICE_DELIVERY = [
  ["each", "One e-mail for each, as it arrives"],
  ["digest", "One daily digest (sent once a day when something arrived)"],
] as const;

/** One choice of the notices form, with its label beside it (its id: `notice-` and its value, else its name). */
function NoticeChoice(props: {
  type: "checkbox" | "radio";
  name: string;
  value?: string;
  checked: boolean;
  label: string;
}) {
  const id = `notice-${props.value ?? props.name}`;
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type={props.type}
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        className="h-5 w-5 accent-leaf-700"
      />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}
