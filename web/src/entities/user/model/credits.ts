// Which credit number a screen shows and checks a start against: the balance call's, or the profile's when that fails.

/**
 * `balance`: the balance query's number (null when its answer had none, undefined while there is no answer);
 * `balanceFailed`: the balance call failed. The profile's credits stand in only then, never for a balance that is
 * still loading, so a fresh balance is not overwritten by an older profile.
 */
export function pickCredits(balance: number | null | undefined, balanceFailed: boolean, profile: number | null | undefined): number | null {
  if (typeof balance === "number" && !balanceFailed) return balance;
  if (balanceFailed || balance === null) return typeof profile === "number" ? profile : null;
  return null;
}
