// The grid `model:cv` and `model:fit` search: stop k·ATR, target m·stop, L2 strength.
export const FIT_GRID = { ks: [1.5, 2.5], ms: [1, 1.5, 2], lambdas: [0.01, 0.1, 1] };
