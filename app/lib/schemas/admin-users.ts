import { EmailSchema } from "../schemas";
import { z } from "../zod";

export const USER_ROLES = ["ADMIN", "DEFAULT"] as const;
export const ROLE_LABELS: Record<(typeof USER_ROLES)[number], string> = {
  ADMIN: "Administrator",
  DEFAULT: "Default (no admin access)",
};

const RoleSchema = z.enum(USER_ROLES, { error: "Choose a role." });
const UserIdSchema = z.string({ error: "Unknown user." }).trim().min(1, "Unknown user.").max(100, "Unknown user.");

export const CreateUserSchema = z.object({
  intent: z.literal("create"),
  name: z
    .string({ error: "Please enter a name." })
    .trim()
    .min(1, "Please enter a name.")
    .max(100, "The name can be at most 100 characters."),
  email: EmailSchema,
  password: z
    .string({ error: "Please enter a password." })
    .min(12, "The password must be at least 12 characters.")
    .max(128, "The password can be at most 128 characters."),
  role: RoleSchema,
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

/** Every action of the users screen, told apart by the hidden `intent` field; unknown fields are dropped. */
export const UserActionSchema = z.discriminatedUnion(
  "intent",
  [CreateUserSchema, ChangeRoleSchema, SetDisabledSchema],
  {
    error: "Unknown action.",
  },
);
export type UserAction = z.infer<typeof UserActionSchema>;
