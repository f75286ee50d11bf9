export { PimLayout } from './Layout';
export { PimAppBar, APP_NAME } from './AppBar';
export { PimMenu } from './Menu';
export { Footer } from './Footer';
export { CompanySelector } from './CompanySelector';
export { LanguageSwitcher } from './LanguageSwitcher';
export { SNBadge, snBadgeVariant, type BadgeVariant } from '../resources/generic/SNBadge';
export { formatCounter } from '../core/counter';
export { pimTheme, PIM_PURPLE } from './theme';
export { createPimStore, withPimDefaults, STORE_DEFAULTS } from './store';
export { menuSections, MENU_GROUPS, type MenuSection } from './menuGroups';
export {
  getSelectedEmpresaId,
  setSelectedEmpresaId,
  SELECTED_EMPRESA_KEY,
  DEFAULT_EMPRESA_ID,
} from '../dataProvider/company';
