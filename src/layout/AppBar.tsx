/** White floating app bar: app name PIM, page title, company selector, language switcher. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { CompanySelector } from './CompanySelector';
import { LanguageSwitcher } from './LanguageSwitcher';

export const APP_NAME = 'PIM';

const AppBarToolbar = () => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <CompanySelector />
    <LanguageSwitcher />
    <LoadingIndicator />
  </Box>
);

export const PimAppBar = () => (
  <AppBar
    color="inherit"
    elevation={2}
    alwaysOn
    toolbar={<AppBarToolbar />}
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
