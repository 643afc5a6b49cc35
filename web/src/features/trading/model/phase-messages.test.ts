// Phase messages rotate every 2 s within each of the 3 phases; the 'advancing' rule.
import { describe, expect, test } from "bun:test";
import { ADVANCING_MESSAGE, PHASES, clampPhase, isAdvancing, phaseMessage, phaseName } from "./phase-messages";

describe("phaseMessage", () => {
  test("steps every 2000 ms and wraps around", () => {
    const scanning = PHASES[0].messages;
    expect(phaseMessage(1, 0)).toBe(scanning[0]);
    expect(phaseMessage(1, 1999)).toBe(scanning[0]);
    expect(phaseMessage(1, 2000)).toBe(scanning[1]);
    expect(phaseMessage(1, 2000 * scanning.length)).toBe(scanning[0]);
    expect(phaseMessage(1, -500)).toBe(scanning[0]);
  });
  test("each phase has its own messages; out-of-range phases are clamped", () => {
    expect(phaseMessage(2, 0)).toBe(PHASES[1].messages[0]);
    expect(phaseMessage(3, 2000)).toBe(PHASES[2].messages[1]);
    expect(new Set([phaseMessage(1, 0), phaseMessage(2, 0), phaseMessage(3, 0)]).size).toBe(3);
    expect(phaseMessage(7, 0)).toBe(PHASES[2].messages[0]);
    expect(clampPhase(null)).toBe(1);
    expect(clampPhase(0)).toBe(1);
    expect(phaseName(1)).toBe("Scanning");
    expect(phaseName(2)).toBe("Confirmation");
    expect(phaseName(3)).toBe("Final calibration");
  });
});

describe("isAdvancing", () => {
  test("detail behind the current phase, or countdown at 0 while in progress", () => {
    expect(ADVANCING_MESSAGE).toBe("Advancing to next phase…");
    expect(isAdvancing({ detailPhase: 1, currentPhase: 2, secondsLeft: 30, inProgress: true })).toBe(true);
    expect(isAdvancing({ detailPhase: 2, currentPhase: 2, secondsLeft: 0, inProgress: true })).toBe(true);
    expect(isAdvancing({ detailPhase: 2, currentPhase: 2, secondsLeft: 12, inProgress: true })).toBe(false);
    expect(isAdvancing({ detailPhase: 3, currentPhase: 2, secondsLeft: 12, inProgress: true })).toBe(false);
    expect(isAdvancing({ detailPhase: undefined, currentPhase: 2, secondsLeft: null, inProgress: true })).toBe(false);
    expect(isAdvancing({ detailPhase: 1, currentPhase: 3, secondsLeft: 0, inProgress: false })).toBe(false);
  });
});
