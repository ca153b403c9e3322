/** Money rounded to cents (every total the platform answers goes through this). */
export const round2 = (n: number) => Math.round(n * 100) / 100;
