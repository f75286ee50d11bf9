/** The static footer (docs/requirements.md#r2-screens layout defaults). */
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

export const Footer = () => {
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{ py: 1.5, px: 2, mt: 2, textAlign: 'center', color: 'text.secondary', typography: 'caption' }}
    >
      PIM · {translate('pim.app.footer')} · {new Date().getFullYear()}
    </Box>
  );
};
