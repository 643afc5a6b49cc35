// Contact validation uses the shared rules and yields the spec 01 §5 message for each field.
import { expect, test } from "bun:test";
import { decodeProfile as readProfile } from "@web/entities/user/api/decode-user";
import { afterSent, EMPTY_CONTACT, prefilled, validateContact } from "./contact-form";

test("every field's message on an empty form", () => {
  expect(validateContact(EMPTY_CONTACT)).toEqual({
    ok: false,
    errors: {
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Please choose a subject",
      message: "Message must be at least 10 characters",
    },
  });
});

test("a valid form passes, trimmed", () => {
  expect(validateContact({ name: " Ada ", email: "ada@example.com", subject: "Billing & Payments", message: "Where is my invoice?" })).toEqual({
    ok: true,
    value: { name: "Ada", email: "ada@example.com", subject: "Billing & Payments", message: "Where is my invoice?" },
  });
});

test("unknown subject is rejected; reset keeps name and email", () => {
  const r = validateContact({ name: "Ada", email: "ada@example.com", subject: "Hi", message: "0123456789" });
  expect(r).toEqual({ ok: false, errors: { subject: "Please choose a subject" } });
  expect(afterSent({ name: "Ada", email: "a@b.co", subject: "Other / General Question", message: "long enough" })).toEqual({
    name: "Ada",
    email: "a@b.co",
    subject: "",
    message: "",
  });
});

test("prefill joins first and last name in either spelling and keeps what was typed", () => {
  expect(prefilled(EMPTY_CONTACT, readProfile({ first_name: "Ada", last_name: "Lovelace", email: "ada@x.io" }))).toMatchObject({
    name: "Ada Lovelace",
    email: "ada@x.io",
  });
  expect(prefilled(EMPTY_CONTACT, readProfile({ firstName: "Ada", email: "ada@x.io" }))).toMatchObject({ name: "Ada", email: "ada@x.io" });
  expect(prefilled({ ...EMPTY_CONTACT, name: "Me" }, readProfile({ firstName: "Ada" }))).toMatchObject({ name: "Me", email: "" });
  expect(prefilled(EMPTY_CONTACT, null)).toBe(EMPTY_CONTACT);
});
