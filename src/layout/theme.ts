/** Light theme with a purple primary colour (docs/requirements.md#r9-constants), based on react-admin's default light theme. */
import { deepPurple } from '@mui/material/colors';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const PIM_PURPLE = '#6a1b9a';

export const pimTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: PIM_PURPLE },
    secondary: { main: deepPurple[500] },
    background: { default: '#f6f5fa', paper: '#ffffff' },
  },
  sidebar: { width: 264, closedWidth: 56 },
};
