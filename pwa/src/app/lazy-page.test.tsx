// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

afterEach(cleanup);

function Greeting() {
  return <p>Hello</p>;
}

describe('lazyPage', () => {
  it('shows a preloaded page at once, without the fallback', async () => {
    const Page = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    await Page.preload();
    const Fallback = vi.fn(() => <p>Loading</p>);
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(Fallback).not.toHaveBeenCalled();
  });

  it('suspends on a page not loaded yet', async () => {
    const Page = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    expect(await screen.findByText('Hello')).toBeTruthy();
  });
});
