/** Gives the main thread back to the browser (a tap, a paint) before the next step goes on. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
