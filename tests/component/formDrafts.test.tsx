/**
 * Drafts of unsaved forms (issue 16): typing in an edit form keeps the changed values in localStorage per user
 * and record; the logout (clearSession) keeps them while clearing the rest; the same user opening the record
 * again is offered «Restaurar borrador» / «Descartar»; a save forgets the draft; another user is not offered it.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { clearSession } from '../../src/authProvider/session';
import { draftKey } from '../../src/core/formDrafts';
import { authWithRules } from './authWithRules';
import { fakeProvider } from './renderApp';
import { renderScreen } from './renderScreen';

const asUser = (id: number): AuthProvider => ({
  ...authWithRules([{ action: 'manage', subject: 'all' }]),
  getIdentity: async () => ({ id, fullName: `Usuario ${id}` }),
});

const KEY = draftKey(1, 'Marca', 1);
const nombre = async () => {
  const input = (await screen.findByRole('textbox', { name: /Nombre/ })) as HTMLInputElement;
  await waitFor(() => expect(input.value).not.toBe(''));
  return input;
};
const offer = () => screen.queryByRole('region', { name: 'Borrador sin guardar' });

/** Types a new name in brand 1 as user 1, then logs out (the inactivity logout's clearSession). */
const typeThenLogout = async () => {
  renderScreen('/Marca/1', { authProvider: asUser(1) });
  const input = await nombre();
  expect(input.value).toBe('Marca 01');
  fireEvent.change(input, { target: { value: 'Marca a medio escribir' } });
  await waitFor(() => expect(localStorage.getItem(KEY)).toContain('Marca a medio escribir'));
  expect(JSON.parse(localStorage.getItem(KEY)!).values).toEqual({ nombre: 'Marca a medio escribir' });
  localStorage.setItem('accessToken', 'x');
  cleanup();
  clearSession();
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(localStorage.getItem(KEY)).toContain('Marca a medio escribir');
};

describe('form drafts', () => {
  it('survive the logout and are restored, then saving forgets them', async () => {
    await typeThenLogout();
    const dataProvider = fakeProvider();
    renderScreen('/Marca/1', { authProvider: asUser(1), dataProvider });
    const input = await nombre();
    expect(input.value).toBe('Marca 01');
    await waitFor(() => expect(offer()).toBeTruthy());
    expect(offer()!.textContent).toMatch(/Hay cambios sin guardar de este registro del \d{2}\/\d{2}\/\d{4}/);
    fireEvent.click(screen.getByRole('button', { name: 'Restaurar borrador' }));
    await waitFor(() => expect(input.value).toBe('Marca a medio escribir'));
    expect(offer()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    const { data } = await dataProvider.getOne('Marca', { id: 1 });
    expect(data.nombre).toBe('Marca a medio escribir');
  });

  it('«Descartar» forgets the draft and leaves the record as stored', async () => {
    await typeThenLogout();
    renderScreen('/Marca/1', { authProvider: asUser(1) });
    const input = await nombre();
    await waitFor(() => expect(offer()).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(offer()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(input.value).toBe('Marca 01');
  });

  it('another user opening the record is not offered the draft', async () => {
    await typeThenLogout();
    renderScreen('/Marca/1', { authProvider: asUser(2) });
    await nombre();
    await screen.findByRole('button', { name: 'Guardar' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(offer()).toBeNull();
    expect(localStorage.getItem(KEY)).toContain('Marca a medio escribir');
  });
});
