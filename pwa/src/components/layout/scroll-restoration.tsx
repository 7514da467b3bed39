import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const positions = readPositions();

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false;
  }
}

/**
 * A new page starts at the top (or at its #anchor); Back and Forward return to where the reader was,
 * also after a reload of the tab. The first page of a visit is left to the browser.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigated = useRef(false);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Without storage, positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    if (navigated.current) {
      const saved = navigationType === NavigationType.Pop ? positions[location.key] : undefined;
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
    }
    navigated.current = true;
    const onScroll = () => {
      positions[location.key] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [location, navigationType]);

  return null;
}
