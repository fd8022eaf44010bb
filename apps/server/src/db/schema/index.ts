// The one place drizzle-kit and the db client read every table from.
export * from './customers';
export * from './users';
export * from './sessions';
export * from './login-throttle';
export * from './master-data';
export * from './questionnaires';
export * from './machines';
export * from './tasklists';
export * from './malfunctions';
export * from './mails';
export * from './usage';
export * from './kept-counts';
export * from './compliance';
export * from './reminders';
export * from './overview';
export * from './report-signatures';
export * from './report-photos';
