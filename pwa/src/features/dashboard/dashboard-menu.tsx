import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { ADMIN_ITEMS, USER_ITEMS, type MenuItem } from './dashboard-menu-items';

/** What waits behind a menu item (travellers waiting on Support): a count, and the words a screen reader says. */
export type MenuBadge = { count: number; text: string };
/** Badges by the item's path. */
export type MenuBadges = Readonly<Partial<Record<string, MenuBadge>>>;

/**
 * A count beside a label. Its words describe the control (aria-describedby reads the hidden text), so the
 * control's name stays its label.
 */
function Badge({ id, badge }: { id: string; badge: MenuBadge }) {
  return (
    <>
      <span className="dashboard-menu-badge" aria-hidden="true">
        {badge.count}
      </span>
      <span id={id} hidden>
        {badge.text}
      </span>
    </>
  );
}

function MenuList({ items, label, badges, onPick }: { items: readonly MenuItem[]; label: string; badges: MenuBadges; onPick: () => void }) {
  const id = useId();
  return (
    <ul className="dashboard-menu-list" aria-label={label}>
      {items.map((item) => {
        const badge = badges[item.to];
        return (
          <li key={item.to}>
            <NavLink to={item.to} className="dashboard-menu-link" aria-describedby={badge ? `${id}-${item.to}` : undefined} onClick={onPick}>
              {item.label}
              {badge && <Badge id={`${id}-${item.to}`} badge={badge} />}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

type DashboardMenuProps = { admin: boolean; badges?: MenuBadges; onSignOut: () => void };

/** The side menu; on phones it folds behind a Menu button, which then shows the badges' total. Admin items only for admins. */
export function DashboardMenu({ admin, badges = {}, onSignOut }: DashboardMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  const shown = Object.entries(badges).filter((entry): entry is [string, MenuBadge] => entry[1] !== undefined && entry[1].count > 0);
  const visible: MenuBadges = Object.fromEntries(shown);
  const total: MenuBadge = { count: shown.reduce((sum, [, b]) => sum + b.count, 0), text: shown.map(([, b]) => b.text).join(', ') };
  return (
    <div className="dashboard-side">
      <button
        type="button"
        className="button button-secondary dashboard-menu-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={total.count > 0 ? `${menuId}-badge` : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        Menu
        {total.count > 0 && <Badge id={`${menuId}-badge`} badge={total} />}
      </button>
      <nav id={menuId} className={open ? 'dashboard-menu dashboard-menu-open' : 'dashboard-menu'} aria-label="Dashboard">
        <MenuList items={USER_ITEMS} label="My account" badges={visible} onPick={close} />
        {admin && <MenuList items={ADMIN_ITEMS} label="Back office" badges={visible} onPick={close} />}
        <button type="button" className="dashboard-menu-link dashboard-signout" onClick={onSignOut}>
          Sign Out
        </button>
      </nav>
    </div>
  );
}
