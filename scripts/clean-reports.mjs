// Removes the JSON test reports of an earlier run, so the closing summary counts this run only.
import { rmSync } from 'node:fs';

rmSync('reports', { recursive: true, force: true });
