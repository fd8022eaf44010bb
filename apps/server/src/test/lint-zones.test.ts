import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The lint zones of server and web (eslint.config.js) on fixture strings: ESLint's Node API lints the text
 * as if it were a file of a module, with the repository's own configuration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// The import rules need no types: without the type-aware rules (and their project service, slow
// to start) a fixture lints in milliseconds.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});
// Paths of real files, so the zones' `files` globs apply; the text linted is the fixture's.
const MODULE_FILE = path.join(root, 'apps/server/src/modules/brands/brands.routes.ts');
const LIB_FILE = path.join(root, 'apps/server/src/lib/presenters.ts');

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The web's zones are on resolved paths (import-x/no-restricted-paths): the fixtures import real files. */
async function zoneErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.fatal)
    .map((m) => m.message);
}
const WEB = path.join(root, 'apps/web/src');
const FEATURE_FILE = path.join(WEB, 'features/machines/components/machine-fields.tsx');

describe('server lint zones', () => {
  it('refuses another module imported from inside a module, by either path', async () => {
    expect(await importErrors(MODULE_FILE, "import { x } from '../users/users.repository';")).toHaveLength(1);
    expect(await importErrors(MODULE_FILE, "import { x } from '../../modules/users/users.repository';")).toHaveLength(
      1,
    );
    expect(await importErrors(MODULE_FILE, "import { x } from '../../modules/index';")).toHaveLength(1);
  }, 60_000);

  it('allows lib/, db/ and the module itself', async () => {
    expect(await importErrors(MODULE_FILE, "import { x } from '../../db/sql-json';")).toEqual([]);
    expect(await importErrors(MODULE_FILE, "import { x } from '../../lib/actor';")).toEqual([]);
    expect(await importErrors(MODULE_FILE, "import { x } from './brands.repository';")).toEqual([]);
  }, 60_000);

  it('keeps access checks in policies: a service imports no assertCan or can', async () => {
    const service = path.join(root, 'apps/server/src/modules/brands/brands.service.ts');
    expect(await importErrors(service, "import { assertCan as x } from '../../lib/actor';")).toHaveLength(1);
    expect(await importErrors(service, "import { can as x } from '../../lib/actor';")).toHaveLength(1);
    expect(await importErrors(service, "import { accessPolicy as x } from '../../lib/actor';")).toEqual([]);
    // A policy is where they belong.
    const policy = path.join(root, 'apps/server/src/modules/users/users.policy.ts');
    expect(await importErrors(policy, "import { assertCan as x } from '../../lib/actor';")).toEqual([]);
  }, 60_000);

  it('refuses a module imported into lib/', async () => {
    expect(await importErrors(LIB_FILE, "import { x } from '../modules/users/users.service';")).toHaveLength(1);
  }, 60_000);
});

describe('web lint zones', () => {
  it('refuses a feature importing another feature, by any path', async () => {
    expect(
      await zoneErrors(FEATURE_FILE, "import { x } from '../../portal/components/compliance-summary';"),
    ).toHaveLength(1);
    expect(
      await zoneErrors(FEATURE_FILE, "import { x } from '../../../features/portal/components/compliance-summary';"),
    ).toHaveLength(1);
  }, 60_000);

  it('allows the feature itself, components/, lib/ and the shared package', async () => {
    expect(await zoneErrors(FEATURE_FILE, "import { x } from './machine-filters';")).toEqual([]);
    expect(await zoneErrors(FEATURE_FILE, "import { x } from '../../../components/display/status-chip';")).toEqual([]);
    expect(await zoneErrors(FEATURE_FILE, "import { x } from '../../../lib/api-client';")).toEqual([]);
    expect(await zoneErrors(FEATURE_FILE, "import { x } from '@keurwijzer/shared/machines';")).toEqual([]);
  }, 60_000);

  it('refuses the app shell in a feature, and a feature or the shell in components/ and lib/', async () => {
    expect(await zoneErrors(FEATURE_FILE, "import { x } from '../../../app/guard';")).toHaveLength(1);
    const component = path.join(WEB, 'components/display/status-chip.tsx');
    expect(
      await zoneErrors(component, "import { x } from '../../features/portal/components/compliance-summary';"),
    ).toHaveLength(1);
    expect(await zoneErrors(component, "import { x } from '../../app/guard';")).toHaveLength(1);
    const lib = path.join(WEB, 'lib/api-client.ts');
    expect(await zoneErrors(lib, "import { x } from '../components/display/status-chip';")).toHaveLength(1);
  }, 60_000);
});
