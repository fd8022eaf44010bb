import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import BuildCircleIcon from '@mui/icons-material/BuildCircleOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import MailErrorIcon from '@mui/icons-material/UnsubscribeOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import NewReleasesIcon from '@mui/icons-material/NewReleasesOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import TaskIcon from '@mui/icons-material/TaskOutlined';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturingOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScannerOutlined';
import type { Role } from '@keurwijzer/shared/permissions';
import { useOpenFollowupsBadge } from '../features/followups/api/open-count';
import { useFailedMailCount } from '../features/mails/api/failed-count';
import { openCountLabel, useOpenMalfunctionCount } from '../features/malfunctions/api/open-count';
import { mayOpen, type Access } from './routes-config';

/**
 * A count beside a menu item; `label` is what a screen reader hears instead of the bare number;
 * `late`: how many of them are late, shown beside it in the error colour ("Storingen").
 */
export type NavBadge = { count: number; label: string; late?: number };

export type NavItem = {
  label: string;
  to: string;
  icon: SvgIconComponent;
  access: Access;
  /** Only for a customer's own administrator ("Beheerder van de klant"). */
  customerAdmin?: boolean;
  end?: boolean;
  /**
   * A hook that gives the item's count (nothing or 0: no badge). Called only where the item shows,
   * so only users who may open the screen ask for it.
   */
  badge?: () => NavBadge | undefined;
};

/** "Storingen 3": the open malfunctions (Open and In behandeling), and how many are late ("3 open, waarvan 1 te laat"). */
function useOpenMalfunctionsBadge(): NavBadge | undefined {
  const open = useOpenMalfunctionCount();
  return open?.count ? { count: open.count, late: open.late, label: openCountLabel(open) } : undefined;
}
/** "Mislukte e-mails 2": mails the queue gave up on (lib/mail-queue.ts on the server). */
function useFailedMailsBadge(): NavBadge | undefined {
  const count = useFailedMailCount();
  return count ? { count, label: `${count} mislukt` } : undefined;
}
export type NavSection = { title?: string; items: NavItem[] };

/** The drawer: each item shows only to a user whose role holds what its screen needs. */
export const NAVIGATION: NavSection[] = [
  {
    items: [
      { label: 'Home', to: '/', icon: AssignmentIcon, access: 'tasklists.view', end: true },
      { label: 'Scannen', to: '/mechanic/scan', icon: QrCodeScannerIcon, access: 'tasklists.manage' },
      // The malfunctions assigned to the user.
      { label: 'Mijn storingen', to: '/mechanic/malfunctions', icon: BuildCircleIcon, access: 'malfunctions.assigned' },
      { label: 'Home', to: '/machines', icon: PrecisionManufacturingIcon, access: 'own-machines.view' },
      { label: 'Mijn storingen', to: '/malfunctions', icon: ReportProblemIcon, access: 'own-machines.view' },
      { label: 'Gebruikers', to: '/users', icon: GroupIcon, access: 'own-machines.view', customerAdmin: true },
    ],
  },
  {
    title: 'Beheer',
    items: [
      { label: 'Overzicht', to: '/admin/overview', icon: DashboardIcon, access: 'reports.view' },
      { label: 'Keuringsplanning', to: '/admin/due', icon: EventIcon, access: 'customers.view' },
      {
        label: 'Acties',
        to: '/admin/actions',
        icon: ChecklistIcon,
        access: 'reports.view',
        // "Acties 4": the open follow-ups (features/followups/api/open-count.ts).
        badge: useOpenFollowupsBadge,
      },
      {
        label: 'Storingen',
        to: '/admin/malfunctions',
        icon: ReportProblemIcon,
        access: 'malfunctions.view',
        badge: useOpenMalfunctionsBadge,
      },
      { label: 'Afgeronde rapporten', to: '/admin/completed-reports', icon: TaskIcon, access: 'reports.view' },
      { label: 'Klanten', to: '/admin/customers', icon: StoreIcon, access: 'customers.view' },
      { label: 'Gebruikers', to: '/admin/users', icon: GroupIcon, access: 'users.view' },
      { label: 'Klantgebruikers', to: '/admin/customer-users', icon: BusinessIcon, access: 'users.view' },
      {
        label: 'Mislukte e-mails',
        to: '/admin/mails',
        icon: MailErrorIcon,
        access: 'users.manage',
        badge: useFailedMailsBadge,
      },
      { label: 'Geschiedenis', to: '/admin/audit', icon: HistoryIcon, access: 'audit.view' },
    ],
  },
  {
    title: 'Stamgegevens',
    items: [
      { label: 'Vragenlijsten', to: '/admin/questionnaires', icon: FactCheckIcon, access: 'master-data.view' },
      { label: 'Vragen', to: '/admin/questions', icon: QuizIcon, access: 'master-data.view' },
      { label: 'Categorieën', to: '/admin/categories', icon: FolderIcon, access: 'master-data.view' },
      { label: 'Merken', to: '/admin/brands', icon: SellIcon, access: 'master-data.view' },
      { label: 'Machinetypes', to: '/admin/machine-types', icon: BuildIcon, access: 'master-data.view' },
      { label: 'Conceptmachines', to: '/admin/machine-concept', icon: NewReleasesIcon, access: 'customers.manage' },
    ],
  },
];

export function navigationFor(role: Role, customerAdmin = false): NavSection[] {
  const shows = (i: NavItem) => mayOpen(role, i.access) && (!i.customerAdmin || customerAdmin);
  return NAVIGATION.map((s) => ({ ...s, items: s.items.filter(shows) })).filter((s) => s.items.length > 0);
}
