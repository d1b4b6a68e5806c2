import { z } from "zod";
import { PREFIXED_LOCALES } from "../../common/locales";
import { isValidHttpUrl } from "../../common/url";
import { newPasswordSchema } from "./password";

/*
 * zod rules shared by the GraphQL resolvers, the HTTP auth routes and the React forms (import from here).
 * Messages are user-facing and returned per field.
 */

export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ error: "E-mail is required" })
  .trim()
  .toLowerCase()
  .min(1, "E-mail is required")
  .max(EMAIL_MAX_LENGTH, "E-mail is too long")
  .pipe(z.email("Enter a valid e-mail address"));

// Top-level route names and locale prefixes: /{username}/api/{slug} and /{entity}/{name} must not shadow them.
const RESERVED_USERNAMES = new Set<string>([
  "admin",
  "api",
  "apis",
  "assets",
  "auth",
  "authentication",
  "access-control",
  "bang",
  "categories",
  "category",
  "collection",
  "collections",
  "configs",
  "developer",
  "error",
  "gateway",
  "healthz",
  "hub",
  "me",
  "metrics",
  "my-saved-apis",
  "org",
  "orghomepage",
  "page",
  "provider",
  "root",
  "search",
  "settings",
  "studio",
  "support",
  "system",
  "user",
  "users",
  ...PREFIXED_LOCALES,
]);

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "Use letters, digits, '-' and '_' only, starting with a letter or digit")
  .refine((u) => !RESERVED_USERNAMES.has(u.toLowerCase()), "This username is reserved");

export const signUpSchema = z
  .object({ email: emailSchema, username: usernameSchema, password: newPasswordSchema })
  .superRefine((value, ctx) => {
    const lower = value.password.toLowerCase();
    if (lower === value.username.toLowerCase() || lower === value.email) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: "Password must differ from your username and e-mail",
      });
    }
  });

export const signInSchema = z.object({
  email: emailSchema,
  // Sign-in never applies the new-password rules: old accounts keep working; only presence and a sane bound.
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : v));

export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters").optional(),
    position: optionalText(100, "Position"),
    company: optionalText(100, "Company"),
    location: optionalText(100, "Location"),
    bio: optionalText(1000, "Bio"),
    thumbnail: optionalText(2048, "Picture URL").refine(
      (v) => v === undefined || v === null || isValidHttpUrl(v),
      "The URL is not valid. Please verify.",
    ),
  })
  .strict();

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This reset link is not valid"),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(1024),
  newPassword: newPasswordSchema,
});

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: "This confirmation link is not valid or has expired" })
    .regex(/^[A-Za-z0-9_-]{43}$/, "This confirmation link is not valid or has expired"),
});
