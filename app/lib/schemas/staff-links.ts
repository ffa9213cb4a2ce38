import { EmailSchema } from "../schemas";
import { z } from "../zod";

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** A new password, typed twice (the same bounds as sign-in: 12 to 128 characters). */
export const NewPasswordSchema = z
  .object({
    token: z.string({ error: "This link does not work." }).min(1, "This link does not work.").max(1000),
    password: z
      .string({ error: "Please choose a password." })
      .min(12, "The password must be at least 12 characters.")
      .max(128, "The password can be at most 128 characters."),
    confirm: z.string({ error: "Please type the password again." }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords are not the same." });

/** The one answer to every reset request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that address, we have sent it a link to choose a new password. The link works once, within an hour. Check your spam folder if nothing arrives in a few minutes.";
