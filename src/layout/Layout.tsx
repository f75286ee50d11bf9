/** The application layout: floating white app bar, grouped collapsible menu, full-width content, footer. */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { SessionGuard } from '../custom/session/SessionGuard';
import { PimAppBar } from './AppBar';
import { Footer } from './Footer';
import { PimMenu } from './Menu';

export const PimLayout = ({ children }: { children?: ReactNode }) => (
  <Layout
    appBar={PimAppBar}
    appBarAlwaysOn
    menu={PimMenu}
    sx={{ '& .RaLayout-appFrame': { mt: { xs: 7, sm: 9 } } }}
  >
    <SessionGuard />
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', width: '100%' }}>
      <Box sx={{ flex: 1, width: '100%' }}>{children}</Box>
      <Footer />
    </Box>
  </Layout>
);
