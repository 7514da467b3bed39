// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NEEDS_PASSWORD, type User } from '../../../../../sync/schemas/user';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PersonalInfoForm } from './personal-info-form';
import { fakeRunner } from '../../../local/fake-runner';

const USER: User = {
  _id: 'u1',
  fullName: 'Ada Okafor',
  email: 'ada@example.com',
  emailVerified: true,
  mobile: null,
  nationality: 'Nigeria',
  dob: null,
  gender: null,
  address: null,
  image: null,
  whatsApp: null,
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const sent: unknown[] = [];

const server = setupServer(
  http.put('/api/users/update', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    if (body.currentPassword === 'wrong-one') return HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 });
    if ('currentPassword' in body)
      return HttpResponse.json({ message: 'Profile updated successfully!', token: 'fresh-token', user: { ...USER, email: body.email ?? USER.email } });
    return HttpResponse.json({ message: 'Profile updated successfully!', user: { ...USER, ...body } });
  }),
  http.get('/api/users', () => HttpResponse.json(USER)),
);

beforeAll(() => {
  stubDialogs();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  sent.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

function renderWithRunner() {
  const runner = fakeRunner();
  renderDashboard(<PersonalInfoForm user={USER} />, '/dashboard', runner);
  return runner;
}

describe('profile forms', () => {
  it('personal information needs a name, then queues every field but the e-mail through the outbox', async () => {
    const user = userEvent.setup();
    const { queued } = renderWithRunner();
    await user.clear(screen.getByLabelText('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Name and email are required.')).toBeTruthy();
    expect(queued).toEqual([]);
    await user.type(screen.getByLabelText('Full name'), 'Ada N. Okafor');
    await user.type(screen.getByLabelText('Address'), '1 Marina, Lagos');
    await user.click(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(screen.getByRole('option', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(queued).toEqual([
      { name: 'updateProfile', args: { fullName: 'Ada N. Okafor', phone: '', nationality: 'Nigeria', dob: '', address: '1 Marina, Lagos', gender: 'female' } },
    ]);
    expect(sent).toEqual([]);
  });

  it('personal information shows the email read-only and says where to change it', () => {
    renderDashboard(<PersonalInfoForm user={USER} />);
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.readOnly).toBe(true);
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(EMAIL_NEEDS_PASSWORD)).toBeTruthy();
  });

  it('update email asks for the current password, shows the server refusal and keeps the fresh token', async () => {
    const user = userEvent.setup();
    renderDashboard(<EmailForm email="ada@example.com" />);
    await user.clear(screen.getByLabelText('New email'));
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(screen.getByText('Email are required.')).toBeTruthy();
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('New email'), 'ada@new.example');
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ email: 'ada@new.example', currentPassword: 'Demo-pass-123' });
    expect(localStorage.getItem('authToken')).toBe('fresh-token');
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('password change checks its fields, stores the fresh token and shows the server refusal', async () => {
    const user = userEvent.setup();
    renderDashboard(<PasswordForm />);
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Password do not match')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'sturdy-new');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'sturdy-new');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('fresh-token');
    expect(sent.at(-1)).toEqual({ currentPassword: 'Demo-pass-123', newPassword: 'sturdy-new' });
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('');
  });
});
