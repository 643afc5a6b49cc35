// Fixture: research's fit half.
export const fitCalibration = (xs: number[]) => xs.length;
