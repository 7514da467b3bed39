import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../sync/schemas/user';
import { Avatar } from './avatar';

const items = [
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/bookings', label: 'Booking' },
  { to: '/tracking', label: 'Track' },
];

/** Menu keys: the arrows wrap around, Home and End jump to the ends. */
function menuIndex(key: string, current: number, count: number): number | null {
  const last = count - 1;
  if (key === 'ArrowDown') return current >= last ? 0 : current + 1;
  if (key === 'ArrowUp') return current <= 0 ? last : current - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

type UserMenuProps = { user: User; onSignOut: () => void };

/** The avatar menu: a menu button (WAI-ARIA menu pattern) with Profile, Booking, Track and Sign Out. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const menuItems = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return undefined;
    menuItems()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeAndReturn = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItems();
    const current = list.findIndex((item) => item === document.activeElement);
    const next = menuIndex(event.key, current, list.length);
    if (next !== null) {
      event.preventDefault();
      list[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeAndReturn();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar user={user} />
        <span className="visually-hidden">Account menu for {user.fullName || user.email}</span>
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label="Account" className="user-menu-list" ref={menuRef} onKeyDown={onMenuKey}>
          <li role="none" className="user-menu-who">
            <span className="user-menu-name">{user.fullName}</span>
            <span className="user-menu-email">{user.email}</span>
          </li>
          {items.map((item) => (
            <li role="none" key={item.to}>
              <Link role="menuitem" to={item.to} className="user-menu-item" onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="user-menu-item user-menu-signout"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
