// Fixture: research imports the runtime's apply half, never the reverse.
import { applyCalibration } from "../analysis/model/calibrated";

export const fitCalibration = (xs: number[]) => xs.map(applyCalibration).length;
