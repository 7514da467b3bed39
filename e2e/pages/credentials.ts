/** The seeded demo accounts' sign-in: the one place the browser suites name them. */
export const ADMIN = { email: 'admin@skyway.test', password: 'Admin-pass-123' };
export const TRAVELLER = { email: 'traveller@skyway.test', password: 'Demo-pass-123' };

/** The environment that seeds the demo accounts with those passwords. */
export const DEMO_PASSWORDS = { ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD: TRAVELLER.password };
