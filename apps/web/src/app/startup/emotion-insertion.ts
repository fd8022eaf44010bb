import { useInsertionEffect } from 'react';

/**
 * Stands in for `@emotion/use-insertion-effect-with-fallbacks` (vite.config.ts aliases it here):
 * emotion, MUI's styling engine, inserts a component's CSS rules while the component renders
 * instead of in React's commit (docs/decisions.md, "Start-up").
 *
 * Why: a screen that mounts in a transition (the router's) renders in short slices, but its commit
 * is one task, and emotion's rule insertion (stylis and `insertRule` for every new class) falls into
 * that task. Inserted while rendering, the same work falls into the render's slices. A render
 * React throws away leaves its rules behind, which is harmless (a rule is inserted once per class,
 * and unused classes match nothing). Emotion did the same on React 17 (its own fallback when
 * `useInsertionEffect` is missing).
 *
 * Global styles (`<GlobalStyles>`, `<CssBaseline>`) keep the insertion effect: they replace their
 * rules when they change, which must not happen in a render that may be thrown away.
 */
export function useInsertionEffectAlwaysWithSyncFallback(create: () => unknown): void {
  create();
}

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
