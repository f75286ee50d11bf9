/**
 * react-admin's login page (`<Admin loginPage>`): the same card as the light entry's (src/login/LoginCard.tsx),
 * signing in through react-admin's `useLogin`, which goes back to the route the logout left
 * (`nextPathname`, e.g. a record with an unsaved draft after the inactivity logout). Signed in already, it goes
 * to the home page, as react-admin's own login page does.
 */
import { useCallback, useEffect } from 'react';
import { useCheckAuth, useLogin, useNavigate, useTranslate } from 'react-admin';
import { LoginCard } from './LoginCard';
import type { LoginTranslate } from './loginMessages';

export const AdminLoginPage = () => {
  const login = useLogin();
  const translate = useTranslate();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  useEffect(() => {
    checkAuth({}, false).then(
      () => navigate('/'),
      () => undefined, // not signed in: stay here
    );
  }, [checkAuth, navigate]);
  const translateLogin = useCallback<LoginTranslate>(
    (message, fallback) => translate(message, { _: fallback ?? message }),
    [translate],
  );
  return <LoginCard translate={translateLogin} onLogin={login} />;
};
