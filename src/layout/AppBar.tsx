/** White floating app bar: app name PIM, page title, company selector, language switcher. */
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Typography from '@mui/material/Typography';
import {
  AppBar,
  LoadingIndicator,
  Logout,
  TitlePortal,
  useGetIdentity,
  useTranslate,
  UserMenu,
} from 'react-admin';
import { AfterFirstRender } from '../resources/generic/AfterFirstRender';
import { CompanySelector, CompanySelectorPlace } from './CompanySelector';
import { LanguageSwitcher } from './LanguageSwitcher';

export const APP_NAME = 'PIM';

/**
 * The company and language selectors come in the pass after the opened screen's first render (its rows first);
 * meanwhile the company selector's place is kept, so the bar's height does not change.
 */
const AppBarToolbar = () => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <AfterFirstRender fallback={<CompanySelectorPlace />}>
      <CompanySelector />
      <LanguageSwitcher />
    </AfterFirstRender>
    <PimLoadingIndicator />
  </Box>
);

/** react-admin's indicator whose spinner has a name («Cargando»). */
const PimLoadingIndicator = () => {
  const translate = useTranslate();
  return <LoadingIndicator aria-label={translate('ra.page.loading')} />;
};

/** The user menu whose button name includes the name it shows (WCAG 2.5.3: label in name). */
const PimUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // react-admin shows the name as the button's text from this width on (below it, an icon named «Perfil»)
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label =
    showsName && identity?.fullName
      ? `${translate('ra.auth.user_menu')}: ${identity.fullName}`
      : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      <Logout />
    </UserMenu>
  );
};

export const PimAppBar = () => (
  <AppBar
    color="inherit"
    elevation={2}
    alwaysOn
    toolbar={<AppBarToolbar />}
    userMenu={<PimUserMenu />}
    sx={{
      backgroundColor: 'background.paper',
      color: 'text.primary',
      borderRadius: 2,
      mx: { sm: 1.5 },
      mt: { sm: 1 },
      width: { sm: 'auto' },
      left: { sm: 0 },
      right: { sm: 0 },
    }}
  >
    <Typography variant="h6" component="span" color="primary" sx={{ fontWeight: 700, mr: 2 }}>
      {APP_NAME}
    </Typography>
    <TitlePortal variant="body1" />
  </AppBar>
);
