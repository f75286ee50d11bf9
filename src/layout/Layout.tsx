/** The application layout: floating white app bar, grouped collapsible menu, full-width content, footer. */
import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { onDemandComponent } from '../resources/onDemandComponent';
import { PimAppBar } from './AppBar';
import { Footer } from './Footer';
import { PimMenu } from './Menu';

/** Inactivity and cross-tab logout; loaded with the signed-in screens, not with the login page. */
const SessionGuard = onDemandComponent(() =>
  import('../custom/session/SessionGuard').then((module) => module.SessionGuard),
);

/** Loads the signed-in layout's own lazy part now (main.tsx, when a session is stored). */
export const preloadSignedInLayout = (): Promise<unknown> => SessionGuard.load().catch(() => undefined);

export const PimLayout = ({ children }: { children?: ReactNode }) => (
  <Layout
    appBar={PimAppBar}
    appBarAlwaysOn
    menu={PimMenu}
    sx={{ '& .RaLayout-appFrame': { mt: { xs: 7, sm: 9 } } }}
  >
    <Suspense fallback={null}>
      <SessionGuard.Component />
    </Suspense>
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', width: '100%' }}>
      <Box sx={{ flex: 1, width: '100%' }}>{children}</Box>
      <Footer />
    </Box>
  </Layout>
);
