/**
 * The login form, the only one: shown by the light entry before the app has loaded (src/login/startSignedOut.tsx)
 * and by react-admin as its login page (src/login/AdminLoginPage.tsx). MUI alone, no react-admin, so that a
 * signed-out visitor sees it without loading the app. Looks like react-admin's own login page; the field names
 * (`username`, `password`) and the labels are react-admin's. A refused login's message stays on the card.
 */
import LockIcon from '@mui/icons-material/Lock';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import type { LoginTranslate } from './loginMessages';

export interface Credentials {
  username: string;
  password: string;
}

export interface LoginCardProps {
  translate: LoginTranslate;
  /** Signs in. Resolved, the page moves on (the card keeps its spinner meanwhile); rejected, its message shows. */
  onLogin: (credentials: Credentials) => Promise<unknown>;
  /** Called once, on the first key typed or the first submit (the light entry fetches the app's code then). */
  onFirstInput?: () => void;
}

/** What a refused login says: the error's own message (a key or a text), else react-admin's generic one. */
export const loginErrorMessage = (error: unknown): string =>
  typeof error === 'string' && error
    ? error
    : error instanceof Error && error.message
      ? error.message
      : 'ra.auth.sign_in_error';

type Field = keyof Credentials;

/** The product's name, the page's title (index.html) and the card's heading. */
const APP_NAME = 'PIM';

export const LoginCard = ({ translate, onLogin, onFirstInput }: LoginCardProps) => {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [showPassword, setShowPassword] = useState(false);
  const started = useRef(false);

  const start = () => {
    if (started.current) return;
    started.current = true;
    onFirstInput?.();
  };
  const missing = (field: Field) => touched[field] && values[field].trim() === '';
  const required = translate('ra.validation.required');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    start();
    setTouched({ username: true, password: true });
    if (loading || !values.username.trim() || !values.password) return;
    setLoading(true);
    setError(undefined);
    onLogin({ username: values.username.trim(), password: values.password }).catch((refused: unknown) => {
      setLoading(false);
      setError(loginErrorMessage(refused));
    });
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onKeyDown: start,
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: missing(field),
    helperText: missing(field) ? required : ' ',
    required: true,
    fullWidth: true,
    variant: 'filled' as const,
    margin: 'dense' as const,
  });

  return (
    <Box
      component="main"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        alignItems: 'center',
        justifyContent: 'flex-start',
        backgroundImage: 'radial-gradient(circle at 50% 14em, #313264 0%, #00023b 60%, #00023b 100%)',
      }}
    >
      <Card sx={{ minWidth: 300, maxWidth: 360, mt: '6em' }}>
        <Box sx={{ m: '1em', display: 'flex', justifyContent: 'center' }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>
            <LockIcon />
          </Avatar>
        </Box>
        <Typography component="h1" variant="h6" align="center">
          {APP_NAME}
        </Typography>
        <form noValidate onSubmit={submit} aria-label={translate('ra.auth.sign_in')}>
          <CardContent sx={{ width: 300, pb: 2 }}>
            <TextField
              {...fieldProps('username')}
              autoFocus
              label={translate('ra.auth.username')}
              autoComplete="username"
            />
            <TextField
              {...fieldProps('password')}
              label={translate('ra.auth.password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={translate(
                          showPassword
                            ? 'ra.input.password.toggle_hidden'
                            : 'ra.input.password.toggle_visible',
                        )}
                        onClick={() => setShowPassword((shown) => !shown)}
                        size="large"
                      >
                        {showPassword ? <Visibility /> : <VisibilityOff />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {error ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {translate(error)}
              </Alert>
            ) : null}
            <Button
              variant="contained"
              type="submit"
              color="primary"
              disabled={loading}
              fullWidth
              sx={{ mt: 2 }}
            >
              {loading ? (
                <CircularProgress size={19} thickness={3} aria-label={translate('ra.auth.sign_in')} />
              ) : (
                translate('ra.auth.sign_in')
              )}
            </Button>
          </CardContent>
        </form>
      </Card>
    </Box>
  );
};
