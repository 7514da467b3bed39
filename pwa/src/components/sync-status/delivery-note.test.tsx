// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryNote } from '../../local/background-sync';
import { setSyncState } from '../../local/sync-status';
import { DeliveryNote } from './delivery-note';

afterEach(() => {
  cleanup();
  setSyncState({ online: true, status: 'idle' });
});

const BACKGROUND = 'Will send in the background when you are back online, even if you close the app.';
const NEXT_OPEN = 'Will send when you next open the app online.';

describe('where a queued receipt or message says when it will go', () => {
  it('says it goes in the background where Background Sync exists, and with the next visit elsewhere', () => {
    setSyncState({ online: false, status: 'offline' });
    render(<DeliveryNote supported />);
    expect(screen.getByText(BACKGROUND)).toBeTruthy();
    cleanup();
    render(<DeliveryNote supported={false} />);
    expect(screen.getByText(NEXT_OPEN)).toBeTruthy();
    expect(screen.queryByText(BACKGROUND)).toBeNull();
  });

  it('says nothing while online and sending, and speaks up when the server cannot be reached or refuses', () => {
    expect(deliveryNote({ supported: true, online: true, status: 'idle' })).toBeNull();
    expect(deliveryNote({ supported: false, online: true, status: 'syncing' })).toBeNull();
    expect(deliveryNote({ supported: true, online: true, status: 'error' })).toBe(BACKGROUND);
    expect(deliveryNote({ supported: false, online: true, status: 'refused' })).toBe(NEXT_OPEN);
    expect(deliveryNote({ supported: false, online: false, status: 'idle' })).toBe(NEXT_OPEN);
  });

  it('detects support from the browser: jsdom has no service worker, so the next visit applies', () => {
    setSyncState({ online: false });
    render(<DeliveryNote />);
    expect(screen.getByText(NEXT_OPEN)).toBeTruthy();
  });
});
