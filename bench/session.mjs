// The signed-in session the browser benches open the app with (no dependency: importable before the API is built).
/**
 * Runs in the page before the app (Playwright's addInitScript(storeSession, login)): the answer of POST /auth/login
 * stored as the login screen stores it, with the admin's ability (manage all), so the app opens signed in.
 */
export function storeSession(login) {
  localStorage.setItem('accessToken', login.accessToken);
  localStorage.setItem('refreshToken', login.refreshToken);
  const ability = [{ action: 'manage', subject: 'all', fields: [''] }];
  localStorage.setItem(
    'userDataPim',
    JSON.stringify({ ...login.userData, accessToken: login.accessToken, ability }),
  );
}
