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
    // darker than MUI's defaults so white text on them (status chips) reaches 4.5:1 (WCAG AA)
    info: { main: '#0277bd' },
    warning: { main: '#b45309' },
    // red 900: «Eliminar» stays readable on the grey form toolbar (#e0e0e0) too
    error: { main: '#b71c1c' },
    background: { default: '#f6f5fa', paper: '#ffffff' },
  },
  components: {
    ...defaultLightTheme.components,
    // the hint under a read-only (disabled) field is still information to read: secondary text, not disabled grey
    // a progress bar or spinner without its own label still has a name for screen readers
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Progreso' } },
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Cargando' } },
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
  },
  sidebar: { width: 264, closedWidth: 56 },
};
