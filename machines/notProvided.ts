/**
 * The stand-in for an effect the app gives with `.provide()` (machines are pure; the browser and the tests give
 * the effects). A machine started without it fails at once, naming the missing actor.
 */
export const notProvided = (name: string) => (): never => {
  throw new Error(`actor ${name} is given with .provide()`);
};
