// The sizer's account and risk: shown from the server's saved preferences, edited locally, saved shortly after typing
// stops (when valid and changed), so every sizer of the account and every later visit starts from them.
import { useEffect, useState } from "react";
import { usePreferences, useSavePreferences } from "@web/entities/user/api/preferences";
import { serverMessage } from "@web/lib/api";
import { accountError, DEFAULT_RISK, parseInputs, riskError } from "../model/sizer-inputs";

/** Quiet time after the last keystroke before the values are saved. */
export const SAVE_DELAY_MS = 600;

export type SaveState = "idle" | "saving" | "saved" | "error";

export function useSizerInputs() {
  const prefs = usePreferences();
  const save = useSavePreferences();
  // null: not edited here, so the saved value shows (and follows a save made in another sizer).
  const [accountDraft, setAccount] = useState<string | null>(null);
  const [riskDraft, setRisk] = useState<string | null>(null);
  const saved = prefs.data;
  const account = accountDraft ?? (saved?.accountSize != null ? String(saved.accountSize) : "");
  const risk = riskDraft ?? (saved?.riskPercent != null ? String(saved.riskPercent) : DEFAULT_RISK);
  const parsed = parseInputs(account, risk);
  const edited = accountDraft !== null || riskDraft !== null;
  const changed = parsed !== null && (parsed.account !== saved?.accountSize || parsed.risk !== saved?.riskPercent);
  const { mutate } = save;

  const accountSize = parsed?.account;
  const riskPercent = parsed?.risk;
  useEffect(() => {
    if (!edited || !changed || accountSize === undefined || riskPercent === undefined) return;
    const timer = setTimeout(() => mutate({ accountSize, riskPercent }), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [edited, changed, accountSize, riskPercent, mutate]);

  const state: SaveState = save.isPending ? "saving" : save.isError ? "error" : save.isSuccess && !changed ? "saved" : "idle";
  return {
    account,
    risk,
    setAccount,
    setRisk,
    parsed,
    accountError: accountError(account),
    riskError: riskError(risk),
    loading: prefs.isPending,
    state,
    saveError: save.isError ? (serverMessage(save.error) ?? "Could not save") : null,
  };
}

export type SizerInputs = ReturnType<typeof useSizerInputs>;
