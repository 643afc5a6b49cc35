// Contact form rules shared by the web form and the server endpoint (spec 01 §2 and §5).
import { z } from "zod";

export const CONTACT_SUBJECTS = [
  "Account & Login Issues",
  "Billing & Payments",
  "Credits & Refunds",
  "Signals & Accuracy",
  "Technical Problem (Bug/Error)",
  "Website Feedback",
  "Other / General Question",
] as const;

export const contactSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(120),
  email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
  subject: z.enum(CONTACT_SUBJECTS, "Please choose a subject"),
  message: z.string().trim().min(10, "Message must be at least 10 characters").max(5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
