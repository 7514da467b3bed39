import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { ADMIN_ITEMS, USER_ITEMS, type MenuItem } from './dashboard-menu-items';

function MenuList({ items, label, onPick }: { items: readonly MenuItem[]; label: string; onPick: () => void }) {
  return (
    <ul className="dashboard-menu-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="dashboard-menu-link" onClick={onPick}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

type DashboardMenuProps = { admin: boolean; onSignOut: () => void };

/** The side menu; on phones it folds behind a Menu button. Admin items only for admins. */
export function DashboardMenu({ admin, onSignOut }: DashboardMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  return (
    <div className="dashboard-side">
      <button
        type="button"
        className="button button-secondary dashboard-menu-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        Menu
      </button>
      <nav id={menuId} className={open ? 'dashboard-menu dashboard-menu-open' : 'dashboard-menu'} aria-label="Dashboard">
        <MenuList items={USER_ITEMS} label="My account" onPick={close} />
        {admin && <MenuList items={ADMIN_ITEMS} label="Back office" onPick={close} />}
        <button type="button" className="dashboard-menu-link dashboard-signout" onClick={onSignOut}>
          Sign Out
        </button>
      </nav>
    </div>
  );
}
