import { EmailSchema } from "../schemas";
import { z } from "../zod";

export const USER_ROLES = ["ADMIN", "DEFAULT"] as const;
export const ROLE_LABELS: Record<(typeof USER_ROLES)[number], string> = {
  ADMIN: "Administrator",
  DEFAULT: "Default (no admin access)",
};

const RoleSchema = z.enum(USER_ROLES, { error: "Choose a role." });
const UserIdSchema = z
  .string({
    error: (issue) =>
      Array.isArray(issue.input)
        ? "The form names more than one user: send one at a time."
        : "The form does not say which user.",
  })
  .trim()
  .min(1, "The form does not say which user.")
  .max(100, "Unknown user.");

export const CreateUserSchema = z.object({
  intent: z.literal("create"),
  name: z
    .string({ error: "Please enter a name." })
    .trim()
    .min(1, "Please enter a name.")
    .max(100, "The name can be at most 100 characters."),
  email: EmailSchema,
  /** "invite": e-mail a link to choose their own password (the default); "password": the admin sets one now. */
  access: z.enum(["invite", "password"], { error: "Choose how they get a password." }).default("invite"),
  password: z.string().max(128, "The password can be at most 128 characters.").optional(),
  role: RoleSchema,
});

/** The create form's rule: a typed password only when the admin chose to set one. */
export function createUserProblems(input: {
  access: "invite" | "password";
  password?: string;
}): Record<string, string> {
  if (input.access === "invite") return {};
  if (!input.password) return { password: "Please enter a password." };
  if (input.password.length < 12) return { password: "The password must be at least 12 characters." };
  return {};
}

export const ResendInvitationSchema = z.object({
  intent: z.literal("resend-invitation"),
  userId: UserIdSchema,
});

export const ChangeRoleSchema = z.object({
  intent: z.literal("change-role"),
  userId: UserIdSchema,
  role: RoleSchema,
});

export const SetDisabledSchema = z.object({
  intent: z.enum(["disable", "enable"]),
  userId: UserIdSchema,
});

/**
 * A staff member's own e-mail notices (decision 058): new applications, new contributions, and how they come. Each
 * box is "on" when ticked and absent when not, as a browser sends it.
 */
export const NoticeSettingsSchema = z.object({
  intent: z.literal("notices"),
  applications: z.literal("on", { error: "Tick or clear “New applications”." }).optional(),
  contributions: z.literal("on", { error: "Tick or clear “New suggested places and corrections”." }).optional(),
  delivery: z.enum(["each", "digest"], { error: "Choose one message each or a daily digest." }),
});

/** Every action of the users screen, told apart by the hidden `intent` field; unknown fields are dropped. */
export const UserActionSchema = z.discriminatedUnion(
  "intent",
  [CreateUserSchema, ChangeRoleSchema, SetDisabledSchema, ResendInvitationSchema, NoticeSettingsSchema],
  {
    error: "Unknown action.",
  },
);
export type UserAction = z.infer<typeof UserActionSchema>;
