import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { settings, users } from '../db/schema';
import { nextVersion } from '../db/version';
import { DEFAULT_SETTINGS } from '../services/back-office/settings';
import { listMarketingImages } from '../services/images/images';
import { hashPassword } from '../services/identity/passwords';
import { seedAirports } from './airports';
import { seedDemoBookings } from './bookings';
import { seedFlights } from './flights';
import { seedImages } from './images';

export const DEMO_TRAVELLER_EMAIL = 'traveller@skyway.test';

function password(given: string | undefined): string {
  return given ?? randomBytes(9).toString('base64url');
}

/**
 * Seeds an empty database in one transaction: the admin and settings always, the demo catalogue,
 * traveller and bookings with SEED=demo. Answers the lines to print; passwords are printed only here.
 */
export async function seedIfEmpty(ctx: AppContext): Promise<string[]> {
  const demo = ctx.env.SEED === 'demo';
  if ((await ctx.db.$count(users)) > 0) {
    if (demo && (await listMarketingImages(ctx)).length === 0) await seedImages(ctx);
    return [`Admin: ${ctx.env.ADMIN_EMAIL} (password as printed on first start, or ADMIN_PASSWORD)`];
  }
  const adminPassword = password(ctx.env.ADMIN_PASSWORD);
  const travellerPassword = password(ctx.env.DEMO_PASSWORD);
  const [adminHash, travellerHash] = await Promise.all([hashPassword(adminPassword), hashPassword(travellerPassword)]);
  const now = ctx.now();
  const stamp = now.toISOString();
  await immediate(ctx.db, async (tx) => {
    const version = await nextVersion(tx);
    const user = { createdAt: stamp, updatedAt: stamp, version, emailVerifiedAt: stamp };
    await tx.insert(users).values({ ...user, id: randomUUID(), fullName: 'SkyWay Admin', email: ctx.env.ADMIN_EMAIL, passwordHash: adminHash, role: 'admin' });
    const data = { ...DEFAULT_SETTINGS, mail: { ...DEFAULT_SETTINGS.mail, password: randomBytes(12).toString('hex') } };
    await tx.insert(settings).values({ id: 1, data, updatedAt: stamp, version });
    if (!demo) return;
    const travellerId = randomUUID();
    await tx.insert(users).values({
      ...user,
      id: travellerId,
      fullName: 'Ada Okafor',
      email: DEMO_TRAVELLER_EMAIL,
      passwordHash: travellerHash,
      mobile: '+44 7700 900123',
      nationality: 'Nigeria',
    });
    const seededFlights = await seedFlights(tx, await seedAirports(tx, stamp, version), now, version);
    await seedDemoBookings(tx, travellerId, DEMO_TRAVELLER_EMAIL, seededFlights, now, version);
  });
  const lines = [`Admin: ${ctx.env.ADMIN_EMAIL} / ${adminPassword}`];
  if (!demo) return lines;
  await seedImages(ctx);
  lines.push(`Demo traveller: ${DEMO_TRAVELLER_EMAIL} / ${travellerPassword}`);
  return lines;
}
