// The sign-in flow (spec 01 §4, §8): credentials and Remember Me under the cross-tab lock, then the new-device code
// step; the page only renders what this returns.
import { useQueryClient } from "@tanstack/react-query";
import { useReducer, useState, type Dispatch, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "@web/components/ui/toast";
import { userKeys } from "@web/entities/user/api/keys";
import { setAccessToken, setSessionId } from "@web/lib/session";
import { acceptedFrom401, login, pendingFromError, retryAfterSeconds, sendDeviceOtp, verifyDeviceOtp, type LoginResult } from "../api/auth-api";
import { deviceCodeErrorText, LOGIN_LOCKED, loginErrorText, MISSING_SESSION_ID, RESEND_FAILED } from "../api/messages";
import { readLocal, REMEMBER_EMAIL_KEY, writeLocal } from "../model/local-flags";
import { acquireLoginLock, releaseLoginLock } from "../model/login-lock";
import {
  afterSignInPath,
  DEVICE_RESEND_SECONDS,
  isFullCode,
  SIGN_IN_START,
  signInReducer,
  type SignInEvent,
  type SignInState,
} from "../model/sign-in";
import { useCountdown } from "./use-countdown";
import { useTakenSignInEmail } from "./use-registered-notice";

/** Signed in: the session is stored, the profile re-read for this user, and the page asked for (or the dashboard) opened. */
function useFinishSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return async (result: LoginResult) => {
    setAccessToken(result.access_token);
    setSessionId(result.session_id);
    await queryClient.invalidateQueries({ queryKey: userKeys.profile() });
    navigate(afterSignInPath(location.state), { replace: true });
  };
}

type Step = {
  state: SignInState;
  dispatch: Dispatch<SignInEvent>;
  resend: ReturnType<typeof useCountdown>;
  finish: (r: LoginResult) => Promise<void>;
};

/** The new-device step: verify the six digits, or resend with its countdown (the server's retry_after when it sends one). */
function useDeviceStep({ state, dispatch, resend, finish }: Step) {
  const fail = (error: string) => dispatch({ type: "error", error });
  const onVerify = async () => {
    dispatch({ type: "error", error: null });
    const id = state.pendingSessionId;
    if (id === null) return fail(MISSING_SESSION_ID);
    if (!isFullCode(state.code)) return fail("Please check the 6 digits and try again.");
    dispatch({ type: "busy", busy: true });
    try {
      await finish(await verifyDeviceOtp(id, state.code));
    } catch (err) {
      const accepted = acceptedFrom401(err, id);
      if (accepted) await finish(accepted);
      else fail(deviceCodeErrorText(err));
    } finally {
      dispatch({ type: "busy", busy: false });
    }
  };
  const onResend = async () => {
    const id = state.pendingSessionId;
    if (id === null) return fail(MISSING_SESSION_ID);
    dispatch({ type: "error", error: null });
    try {
      await sendDeviceOtp(id);
      resend.start(DEVICE_RESEND_SECONDS);
      dispatch({ type: "code-resent" });
    } catch (err) {
      const retry = retryAfterSeconds(err);
      if (retry !== null) resend.start(retry);
      fail(RESEND_FAILED);
    }
  };
  return { onVerify, onResend };
}

export function useSignIn() {
  const remembered = readLocal(REMEMBER_EMAIL_KEY);
  // The account just registered or reset comes first: that is who signs in next.
  const justMade = useTakenSignInEmail();
  const [email, setEmail] = useState(justMade ?? remembered ?? "");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(remembered !== null);
  const [state, dispatch] = useReducer(signInReducer, SIGN_IN_START);
  const resend = useCountdown();
  const finish = useFinishSignIn();
  const device = useDeviceStep({ state, dispatch, resend, finish });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: "error", error: null });
    if (!email.trim() || !password) {
      toast({ title: "Missing Information", description: "Please fill in all fields", variant: "destructive" });
      return;
    }
    if (!acquireLoginLock("login")) return dispatch({ type: "error", error: LOGIN_LOCKED });
    dispatch({ type: "busy", busy: true });
    try {
      writeLocal(REMEMBER_EMAIL_KEY, rememberMe ? email.trim() : null);
      await finish(await login({ email, password, rememberMe }));
    } catch (err) {
      const pending = pendingFromError(err);
      if (!pending) return dispatch({ type: "error", error: loginErrorText(err) });
      setSessionId(pending.sessionId);
      dispatch({ type: "device-pending", sessionId: pending.sessionId });
      resend.start(DEVICE_RESEND_SECONDS);
    } finally {
      releaseLoginLock();
      dispatch({ type: "busy", busy: false });
    }
  };

  // Leaving the code step: an edited e-mail keeps its error on screen, Back clears it.
  const leaveOtp = (keepError: boolean) => {
    dispatch({ type: "leave-otp", keepError });
    resend.reset();
  };
  const onEmailChange = (value: string) => {
    setEmail(value);
    if (state.mode === "otp") leaveOtp(true);
  };

  // Unticking forgets the stored e-mail at once, not only at the next sign-in (spec 01 §4).
  const onRememberMe = (value: boolean) => {
    setRememberMe(value);
    if (!value) writeLocal(REMEMBER_EMAIL_KEY, null);
  };

  return {
    ...state,
    ...device,
    form: { email, password, rememberMe, setPassword, setRememberMe: onRememberMe, onEmailChange },
    resendIn: resend.remaining,
    setCode: (code: string) => dispatch({ type: "code", code }),
    onSubmit,
    onBack: () => leaveOtp(false),
  };
}
