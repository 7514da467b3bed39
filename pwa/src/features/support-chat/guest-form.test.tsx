// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestForm } from './guest-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });

describe('the guest form', () => {
  it('asks for both fields with the spec texts and keeps Continue disabled until both are filled', async () => {
    const user = userEvent.setup();
    render(<GuestForm onDone={vi.fn()} />);
    expect(continueButton().disabled).toBe(true);
    await user.click(screen.getByLabelText('Full name'));
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(screen.getByText('Please enter your full name')).not.toBeNull();
    expect(screen.getByText('Please enter your email')).not.toBeNull();
    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    expect(continueButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    expect(continueButton().disabled).toBe(false);
    expect(screen.queryByText('Please enter your full name')).toBeNull();
  });

  it('keeps the guest on the device after a log-in, and says Update failed when it fails', async () => {
    const user = userEvent.setup();
    const guestUser = { token: 'guest-token', _id: 'guest-1', fullName: 'Grace Hopper', email: 'grace@example.com' };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Too many guest chat log-ins. Please wait 15 minutes and try again.' }), { status: 429 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 'success', guestUser }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    render(<GuestForm onDone={onDone} />);
    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Update failed: Too many guest chat log-ins. Please wait 15 minutes and try again.');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(continueButton());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('supportGuest') ?? 'null')).toEqual(guestUser);
    const [url, init] = fetchMock.mock.lastCall as [string, RequestInit];
    expect(url).toBe('/api/users/login-guest');
    expect(JSON.parse(init.body as string)).toEqual({ fullName: 'Grace Hopper', email: 'grace@example.com' });
  });
});
