// Moved to components/form/server-errors.ts; importers move there (this line goes once they have).
export { refusalText, showServerErrors } from '../../../components/form/server-errors';
