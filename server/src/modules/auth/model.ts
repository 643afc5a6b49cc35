// Request/response shapes of the auth endpoints (spec 01 §3 payloads, §7 calls); snake_case as the client sends them.
import { t } from "elysia";

const email = t.String({ maxLength: 254 });
const password = t.String({ maxLength: 256 });
const deviceId = t.String({ minLength: 1, maxLength: 128 });
const clientPublicIp = t.Optional(t.Nullable(t.String({ maxLength: 64 })));

export const sendCodeBody = t.Object({ email });
export const verifyCodeBody = t.Object({ email, code: t.String({ maxLength: 16 }) });

export const registrationBody = t.Object({
  email,
  session_token: t.String({ maxLength: 128 }),
  first_name: t.String({ maxLength: 100 }),
  last_name: t.String({ maxLength: 100 }),
  password,
  confirm_password: password,
  // Optional so a missing tick gets the spec's sentence rather than a schema error.
  accepted_terms_of_use: t.Optional(t.Boolean()),
  accepted_privacy_policy: t.Optional(t.Boolean()),
  accepted_risk_disclosure: t.Optional(t.Boolean()),
  device_id: t.Optional(deviceId),
  client_public_ip: clientPublicIp,
});

export const loginBody = t.Object({
  email,
  password,
  remember_me: t.Optional(t.Boolean()),
  device_id: t.Optional(deviceId),
  client_public_ip: clientPublicIp,
});

/** `session_id` of a pending sign-in is the opaque handle its 401 answered, never the sequential id. */
const pendingHandle = t.String({ minLength: 1, maxLength: 128, description: "The handle from the pending 401" });
export const deviceOtpVerifyBody = t.Object({ session_id: pendingHandle, code: t.String({ maxLength: 16 }) });
export const deviceOtpSendBody = t.Object({ session_id: pendingHandle });
export const pendingResponse = t.Object({
  detail: t.String(),
  session_id: t.String({ description: "Opaque handle of the pending sign-in" }),
  session_status: t.Literal("pending"),
  requires_otp: t.Literal(true),
});

export const forgotBody = t.Object({ email });
export const resetBody = t.Object({ token: t.String({ maxLength: 256 }), new_password: password, confirm_password: password });

export const statusResponse = t.Object({ status: t.String(), detail: t.String() });
/** A reset names the account's e-mail, for the sign-in page that follows. */
export const resetResponse = t.Object({ status: t.String(), detail: t.String(), email: t.String() });
export const sendCodeResponse = t.Object({ status: t.String(), detail: t.String(), retry_after: t.Number() });
export const verifyCodeResponse = t.Object({ status: t.String(), session_token: t.String() });
export const registrationResponse = t.Object({ status: t.String(), detail: t.String(), user_id: t.Number() });
export const loginResponse = t.Object({
  access_token: t.String(),
  session_id: t.Number(),
  session_status: t.Literal("active"),
  requires_otp: t.Literal(false),
});
export const refreshResponse = t.Object({ access_token: t.String() });
