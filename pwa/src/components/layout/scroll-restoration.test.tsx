// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

const scrollTo = vi.fn();

beforeEach(() => {
  scrollTo.mockReset();
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function scrollDownTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/next">Next</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

describe('ScrollRestoration', () => {
  it('leaves the first page to the browser, starts a new page at the top and returns to the old place on Back', async () => {
    render(
      <MemoryRouter initialEntries={['/first']}>
        <ScrollRestoration />
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();

    scrollDownTo(420);
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollDownTo(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
  });
});
