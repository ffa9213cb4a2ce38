import { z } from "../zod";

export const LOGIN_FAILED_MESSAGE = "The e-mail or password is incorrect.";

/** The admin sign-in form. Only shape is checked here: whether the account exists is never told apart. */
export const LoginSchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Please enter a valid e-mail address.")),
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(128, LOGIN_FAILED_MESSAGE),
  redirectTo: z.string().max(2000).optional(),
});
