/** The monitoring's clock, injectable so that tests and the bench run any day. */
export const MONITORING_CLOCK = Symbol('MONITORING_CLOCK');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
