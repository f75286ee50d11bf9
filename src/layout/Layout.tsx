/** The application layout: floating white app bar, grouped collapsible menu, full-width content, footer. */
import Box from '@mui/material/Box';
import { lazy, Suspense, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { PimAppBar } from './AppBar';
import { Footer } from './Footer';
import { PimMenu } from './Menu';

/** Inactivity and cross-tab logout; loaded with the signed-in screens, not with the login page. */
const SessionGuard = lazy(() =>
  import('../custom/session/SessionGuard').then((module) => ({ default: module.SessionGuard })),
);

export const PimLayout = ({ children }: { children?: ReactNode }) => (
  <Layout
    appBar={PimAppBar}
    appBarAlwaysOn
    menu={PimMenu}
    sx={{ '& .RaLayout-appFrame': { mt: { xs: 7, sm: 9 } } }}
  >
    <Suspense fallback={null}>
      <SessionGuard />
    </Suspense>
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', width: '100%' }}>
      <Box sx={{ flex: 1, width: '100%' }}>{children}</Box>
      <Footer />
    </Box>
  </Layout>
);
