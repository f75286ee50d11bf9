/** The sidebar: visible resources grouped by schema.menu.group; each group folds (state kept in the store). */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ViewList from '@mui/icons-material/ViewList';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { createElement, useMemo } from 'react';
import {
  Menu,
  useCreatePath,
  useGetResourceLabel,
  useResourceDefinitions,
  useSidebarState,
  useStore,
  useTranslate,
} from 'react-admin';
import { customPages, type CustomPage } from '../custom/pages';
import { iconFor } from '../resources/generic/icons';
import { allSchemas } from '../resources/registry';
import type { MenuGroup } from '../resources/types';
import { AfterFirstRender } from '../resources/generic/AfterFirstRender';
import { menuSections, type MenuSection } from './menuGroups';
import { useMenuAccess, type MenuEntryAccess } from './useMenuAccess';

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

const pageKey = (page: CustomPage) => `page:${page.path}`;
const resourceKey = (name: string) => `resource:${name}`;

/** Every entry's access request, resources as 'list' and pages as their own (default: list on the path). */
const accessEntries = (sections: readonly MenuSection<CustomPage>[]): MenuEntryAccess[] =>
  sections.flatMap((section) => [
    ...section.resources.map((name) => ({ key: resourceKey(name), action: 'list', resource: name })),
    ...section.pages.map((page) => ({
      key: pageKey(page),
      ...(page.access ?? { action: 'list', resource: page.path }),
    })),
  ]);

/** A resource's entry; access was decided for the whole menu at once. */
const ResourceItem = ({ name }: { name: string }) => {
  const resources = useResourceDefinitions();
  const getResourceLabel = useGetResourceLabel();
  const createPath = useCreatePath();
  const definition = resources[name];
  if (!definition) return null;
  return (
    <Menu.Item
      to={createPath({ resource: name, type: 'list' })}
      state={{ _scrollToTop: true }}
      primaryText={getResourceLabel(name, 2)}
      leftIcon={definition.icon ? createElement(definition.icon) : <ViewList />}
    />
  );
};

const PageItem = ({ page }: { page: CustomPage }) => {
  const translate = useTranslate();
  return (
    <Menu.Item
      to={`/${page.path}`}
      primaryText={translate(`pim.pages.${page.path}`, { _: page.label })}
      leftIcon={createElement(page.icon)}
    />
  );
};

const MenuGroupSection = ({
  section,
  allowed,
}: {
  section: MenuSection<CustomPage>;
  allowed: ReadonlySet<string>;
}) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [expanded, setExpanded] = useStore<boolean>(`menu.group.${section.group}`, true);
  const items = [
    ...section.resources
      .filter((name) => allowed.has(resourceKey(name)))
      .map((name) => <ResourceItem key={name} name={name} />),
    ...section.pages
      .filter((page) => allowed.has(pageKey(page)))
      .map((page) => <PageItem key={page.path} page={page} />),
  ];
  // a group shows only when at least one of its entries is allowed
  if (items.length === 0) return null;
  const label = translate(`pim.menu.${section.group}`, { _: section.group });
  if (!sidebarOpen) {
    // collapsed sidebar: icons only, groups separated by a rule.
    return (
      <div role="group" aria-label={label}>
        <Divider />
        {items}
      </div>
    );
  }
  return (
    <div role="group" aria-label={label}>
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
    </div>
  );
};

export const PimMenu = () => {
  const sections = useMemo(() => menuSections(allSchemas(), customPages), []);
  const entries = useMemo(() => accessEntries(sections), [sections]);
  const allowed = useMenuAccess(entries);
  return (
    <Menu>
      {/* after the opened screen's first render: some 60 entries, each with its tooltip */}
      <AfterFirstRender>
        {allowed &&
          sections.map((section) => (
            <MenuGroupSection key={section.group} section={section} allowed={allowed} />
          ))}
      </AfterFirstRender>
    </Menu>
  );
};
