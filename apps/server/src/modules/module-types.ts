/*
 * The types of a module that other modules take a Pick of, as Infisical's services take their
 * DAL: a module imports no other module (eslint.config.js OTHER_MODULE), so it names what it
 * needs of one as `Pick<TasklistsRepository, 'row' | 'plan'>` from here, and the composition
 * root (index.ts) passes the real thing in. Types only: nothing here runs, so no module is
 * loaded through this file.
 */

export type { TasklistsRepository } from './tasklists/tasklists.repository';
