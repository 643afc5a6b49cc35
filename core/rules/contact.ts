// Contact form rules shared by the web form and the server endpoint (spec 01 §2 and §5).
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "./accounts";

export const CONTACT_SUBJECTS = [
  "Account & Login Issues",
  "Billing & Payments",
  "Credits & Refunds",
  "Signals & Accuracy",
  "Technical Problem (Bug/Error)",
  "Website Feedback",
  "Other / General Question",
] as const;

/** Field lengths, enforced by the request schema before any check runs (and again by the form). */
export const CONTACT_LIMITS = { name: 120, email: EMAIL_MAX_LENGTH, message: 5000 } as const;

export const contactSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(CONTACT_LIMITS.name),
  email: z.string().trim().max(EMAIL_MAX_LENGTH, "Please enter a valid email address").refine(isValidEmail, "Please enter a valid email address"),
  subject: z.enum(CONTACT_SUBJECTS, "Please choose a subject"),
  message: z.string().trim().min(10, "Message must be at least 10 characters").max(CONTACT_LIMITS.message),
});

export type ContactInput = z.infer<typeof contactSchema>;
