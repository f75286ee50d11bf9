/** The sidebar: visible resources grouped by schema.menu.group; each group folds (state kept in the store). */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { createElement } from 'react';
import {
  Menu,
  useAuthProvider,
  useCanAccess,
  useCanAccessResources,
  useSidebarState,
  useStore,
  useTranslate,
} from 'react-admin';
import { customPages, type CustomPage } from '../custom/pages';
import { iconFor } from '../resources/generic/icons';
import { allSchemas } from '../resources/registry';
import type { MenuGroup } from '../resources/types';
import { menuSections, type MenuSection } from './menuGroups';

const GROUP_ICONS: Readonly<Record<MenuGroup, string>> = {
  catalogo: 'Category',
  productos: 'Inventory2',
  marketplaces: 'Storefront',
  relaciones: 'SwapHoriz',
  empresas: 'Business',
  usuarios: 'People',
  integraciones: 'IntegrationInstructions',
  configuracion: 'Settings',
};

const pageAccess = (page: CustomPage) => page.access ?? { action: 'list', resource: page.path };

/** The paths of the pages the rules allow (all of them without an authProvider). */
const useAllowedPages = (pages: readonly CustomPage[]) => {
  const authProvider = useAuthProvider();
  const paths = pages.map((page) => page.path);
  return useQuery({
    queryKey: ['auth', 'canAccess', 'pim-pages', paths],
    queryFn: async () => {
      if (!authProvider || typeof authProvider.canAccess !== 'function') return new Set(paths);
      const allowed = await Promise.all(
        pages.map((page) => Promise.resolve(authProvider.canAccess?.(pageAccess(page))).catch(() => false)),
      );
      return new Set(paths.filter((_, index) => allowed[index]));
    },
    enabled: pages.length > 0,
  });
};

const PageItem = ({ page }: { page: CustomPage }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess(pageAccess(page));
  if (!canAccess) return null;
  return (
    <Menu.Item
      to={`/${page.path}`}
      primaryText={translate(`pim.pages.${page.path}`, { _: page.label })}
      leftIcon={createElement(page.icon)}
    />
  );
};

const MenuGroupSection = ({ section }: { section: MenuSection<CustomPage> }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [expanded, setExpanded] = useStore<boolean>(`menu.group.${section.group}`, true);
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: section.resources });
  const pages = useAllowedPages(section.pages);
  if (isPending || (section.pages.length > 0 && pages.isPending)) return null;
  // a group shows only when at least one of its entries is allowed
  if (!section.resources.some((name) => canAccess?.[name]) && !pages.data?.size) return null;
  const label = translate(`pim.menu.${section.group}`, { _: section.group });
  const items = [
    ...section.resources.map((name) => <Menu.ResourceItem key={name} name={name} />),
    ...section.pages.map((page) => <PageItem key={page.path} page={page} />),
  ];
  if (!sidebarOpen) {
    // collapsed sidebar: icons only, groups separated by a rule.
    return (
      <nav aria-label={label}>
        <Divider />
        {items}
      </nav>
    );
  }
  return (
    <nav aria-label={label}>
      <ListItemButton onClick={() => setExpanded(!expanded)} dense sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          {createElement(iconFor(GROUP_ICONS[section.group]))}
        </ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { variant: 'overline', fontWeight: 600 } }} />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        {items}
      </Collapse>
    </nav>
  );
};

export const PimMenu = () => (
  <Menu>
    {menuSections(allSchemas(), customPages).map((section) => (
      <MenuGroupSection key={section.group} section={section} />
    ))}
  </Menu>
);
