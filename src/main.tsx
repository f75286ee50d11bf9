/**
 * Browser entry, kept small: signed in, the app (src/appStart.tsx); signed out, the login form alone
 * (src/login/startSignedOut.tsx), which loads the app once someone signs in.
 */
import { getAccessToken } from './authProvider/session';
import { markDocumentLanguage } from './i18n/language';

markDocumentLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
if (getAccessToken()) void import('./appStart').then(({ startApp }) => startApp(container));
else void import('./login/startSignedOut').then(({ startSignedOut }) => startSignedOut(container));
