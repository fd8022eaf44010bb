import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import NewReleasesIcon from '@mui/icons-material/NewReleasesOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturingOutlined';
import type { Role } from '@keurwijzer/shared/permissions';
import { ADMINS, CUSTOMERS, STAFF } from './routes-config';

export type NavItem = { label: string; to: string; icon: SvgIconComponent; roles: Role[]; end?: boolean };
export type NavSection = { title?: string; items: NavItem[] };

/** The drawer: each section and item shows only for the roles that may open it. */
export const NAVIGATION: NavSection[] = [
  {
    items: [
      { label: 'Home', to: '/', icon: AssignmentIcon, roles: STAFF, end: true },
      { label: 'Home', to: '/machines', icon: PrecisionManufacturingIcon, roles: CUSTOMERS },
    ],
  },
  {
    title: 'Beheer',
    items: [
      { label: 'Klanten', to: '/admin/customers', icon: StoreIcon, roles: ADMINS },
      { label: 'Gebruikers', to: '/admin/users', icon: GroupIcon, roles: ADMINS },
      { label: 'Klantgebruikers', to: '/admin/customer-users', icon: BusinessIcon, roles: ADMINS },
    ],
  },
  {
    title: 'Stamgegevens',
    items: [
      { label: 'Vragenlijsten', to: '/admin/questionnaires', icon: FactCheckIcon, roles: ADMINS },
      { label: 'Vragen', to: '/admin/questions', icon: QuizIcon, roles: ADMINS },
      { label: 'Categorieën', to: '/admin/categories', icon: FolderIcon, roles: ADMINS },
      { label: 'Merken', to: '/admin/brands', icon: SellIcon, roles: ADMINS },
      { label: 'Machinetypes', to: '/admin/machine-types', icon: BuildIcon, roles: ADMINS },
      { label: 'Conceptmachines', to: '/admin/machine-concept', icon: NewReleasesIcon, roles: ADMINS },
    ],
  },
];

export function navigationFor(role: Role): NavSection[] {
  return NAVIGATION.map((s) => ({ ...s, items: s.items.filter((i) => i.roles.includes(role)) })).filter(
    (s) => s.items.length > 0,
  );
}
