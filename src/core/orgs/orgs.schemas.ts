import { z } from "zod";
import { isValidSlug } from "../../common/slug";
import { isValidHttpUrl } from "../../common/url";
import { DOMAIN_PATTERN } from "./corporate-domain";

const thumbnail = z
  .string()
  .trim()
  .max(2048, "The URL is too long")
  .refine((v) => v === "" || isValidHttpUrl(v), "The URL is not valid. Please verify.")
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const description = z
  .string()
  .trim()
  .max(1000, "Description must be at most 1000 characters")
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

export const corporateDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, "Enter a domain like example.com");

export const organizationNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(80, "Name must be at most 80 characters");

export const createOrganizationSchema = z.object({
  name: organizationNameSchema,
  slug: z
    .string()
    .trim()
    .max(100)
    .refine((v) => isValidSlug(v), "Use lowercase letters, digits and single dashes")
    .nullish(),
  description,
  thumbnail,
  corporateDomain: corporateDomainSchema.nullish(),
});

export const updateOrganizationSchema = z.object({
  name: organizationNameSchema.optional(),
  description,
  thumbnail,
  corporateDomain: corporateDomainSchema.nullish(),
});

export const orgRoleSchema = z.enum(["member", "admin"], { error: "Role must be member or admin" });

export const teamNameSchema = z
  .string({ error: "Team name is required" })
  .trim()
  .min(2, "Team name must be at least 2 characters")
  .max(60, "Team name must be at most 60 characters");

export const usernamesSchema = z
  .array(z.string().trim().min(1).max(30), { error: "Choose at least one developer" })
  .min(1, "Choose at least one developer")
  .max(100, "At most 100 developers at once");
