import { config } from 'zod/v4/core';

/**
 * zod compiles object schemas with `new Function` when it may: to find out, it tries `eval` once
 * when the first schema is built, which the Content Security Policy (script-src 'self') blocks and
 * reports on every page. Without the compiler parsing is slightly slower and breaks nothing.
 * app/startup/main.tsx evaluates this module (with zod) before start.tsx, so before anything builds a schema.
 */
config({ jitless: true });
