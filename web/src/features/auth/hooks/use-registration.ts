// The registration flow (spec 01 §4, §5, §8): e-mail code with its 60 s resend, verification, then the account form;
// the page only renders what this returns.
import { useSetAtom } from "@web/lib/store";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { completeRegistration, retryAfterSeconds, sendRegistrationCode, verifyRegistrationCode } from "../api/auth-api";
import { registrationErrorText, type RegistrationError } from "../api/messages";
import {
  EMPTY_REGISTRATION,
  NOT_VERIFIED,
  REGISTRATION_RESEND_SECONDS,
  emailProblem,
  registrationProblem,
  type RegistrationDraft,
} from "../model/registration";
import { useCountdown } from "./use-countdown";
import { justRegisteredAtom, signInEmailAtom } from "./use-registered-notice";

const REDIRECT_MS = 2000;
export const RESEND_WAIT = "A code was sent to this e-mail a moment ago. Enter it below, or ask for a new one when the countdown ends.";

type Busy = null | "send" | "verify" | "create";
type Shared = { setBusy: (b: Busy) => void; setError: (e: RegistrationError | null) => void };

/** The e-mail step: send (and resend) the code, verify it for a session token; editing the e-mail starts over. */
function useEmailVerification({ setBusy, setError }: Shared) {
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const cooldown = useCountdown();

  const onEmailChange = (v: string) => {
    setEmail(v);
    // A verified e-mail is only the one that was verified.
    if (sessionToken || codeSent) {
      setSessionToken(null);
      setCodeSent(false);
      setCode("");
      cooldown.reset();
      setInfo(null);
    }
  };
  const onSendCode = async () => {
    setError(null);
    const problem = emailProblem(email);
    if (problem) return setError({ text: problem });
    setBusy("send");
    try {
      await sendRegistrationCode(email);
      setCodeSent(true);
      cooldown.start(REGISTRATION_RESEND_SECONDS);
      setInfo("We sent a 6-digit code to your e-mail. It is valid for 10 minutes.");
    } catch (err) {
      // Refused for now (a code went out moments ago, e.g. before a reload): the server's wait as a countdown, and the
      // code field, since the code already sent still works.
      const retry = retryAfterSeconds(err);
      if (retry === null) return setError(registrationErrorText(err, "send"));
      setCodeSent(true);
      cooldown.start(retry);
      setInfo(RESEND_WAIT);
    } finally {
      setBusy(null);
    }
  };
  const onVerify = async () => {
    setError(null);
    setBusy("verify");
    try {
      const res = await verifyRegistrationCode(email, code);
      if (!res?.session_token) return setError({ text: "Verification succeeded but no session token returned by server." });
      setSessionToken(res.session_token);
      setInfo("Email verified. Complete the form to create your account.");
    } catch (err) {
      setError(registrationErrorText(err, "verify"));
    } finally {
      setBusy(null);
    }
  };
  const setDigits = (v: string) => setCode(v.replace(/\D/g, ""));
  return { email, code, setCode: setDigits, sessionToken, codeSent, info, resendIn: cooldown.remaining, onEmailChange, onSendCode, onVerify };
}

export function useRegistration() {
  const navigate = useNavigate();
  const setJustRegistered = useSetAtom(justRegisteredAtom);
  const setSignInEmail = useSetAtom(signInEmailAtom);
  const [draft, setDraft] = useState<RegistrationDraft>(EMPTY_REGISTRATION);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<RegistrationError | null>(null);
  const [done, setDone] = useState(false);
  const verification = useEmailVerification({ setBusy, setError });

  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => navigate("/login"), REDIRECT_MS);
    return () => clearTimeout(id);
  }, [done, navigate]);

  const set = <K extends keyof RegistrationDraft>(field: K, value: RegistrationDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { email, sessionToken } = verification;
    const problem = registrationProblem(email, sessionToken !== null, draft);
    if (problem || !sessionToken) return setError({ text: problem ?? NOT_VERIFIED });
    setBusy("create");
    try {
      await completeRegistration({ ...draft, email, sessionToken });
      setJustRegistered(true);
      setSignInEmail(email.trim());
      setDone(true);
    } catch (err) {
      setError(registrationErrorText(err, "create"));
    } finally {
      setBusy(null);
    }
  };

  return { draft, set, verification, busy, error, done, onCreate };
}
