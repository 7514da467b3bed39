import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { SEAT_LABELS, TITLES } from '../../sync/constants';
import { makeReference } from '../../sync/reference';
import { bookingLabelOf, paymentLabelOf } from '../services/back-office/audit-labels';
import { immediate, type Db } from '../db/client';
import { auditLog, bookings, payments, seatAllocations, travellers, users } from '../db/schema';
import { nextVersion } from '../db/version';
import { seededRandom } from './random';
import { addFlightHistory, flightSlots, insertMany, type FlightSlot } from './volume-flights';
import { addConversations, insertReceipts, type Receipt, type ReceiptStore } from './volume-extras';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Bookings written per transaction: a crash loses at most one batch, and memory stays flat. */
const BATCH = 5_000;
const FIRST_NAMES = ['Ada', 'Chidi', 'Grace', 'Olu', 'Nia', 'Kemi', 'Tunde', 'Amara', 'Liam', 'Sofia', 'Yuki', 'Omar', 'Lena', 'Ravi', 'Maya'];
const LAST_NAMES = ['Okafor', 'Adeyemi', 'Smith', 'Nakamura', 'Haddad', 'Kowalski', 'Mensah', 'Silva', 'Patel', 'Brown', 'Rossi', 'Dubois'];

export type VolumeOptions = {
  bookings: number;
  now: Date;
  /** The argon2 hash every volume traveller signs in with. */
  passwordHash: string;
  receipts: ReceiptStore;
  /** Same seed, same history. */
  seed?: number;
};

export type VolumeReport = {
  travellers: number;
  flights: number;
  bookings: number;
  payments: number;
  receipts: number;
  conversations: number;
  messages: number;
  auditRows: number;
};

type Rows = {
  bookings: (typeof bookings.$inferInsert)[];
  travellers: (typeof travellers.$inferInsert)[];
  seats: (typeof seatAllocations.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  audit: (typeof auditLog.$inferInsert)[];
  receipts: Receipt[];
};

type World = {
  random: () => number;
  now: number;
  admin: { id: string; name: string };
  people: { id: string; name: string; email: string }[];
  slots: FlightSlot[];
  taken: Map<string, Set<string>>;
  references: Set<string>;
  version: number;
};

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const iso = (ms: number) => new Date(ms).toISOString();

/** The first flight leaving at or after `at` that has `seats` free, looking at the next 40 at most. */
function flightWithRoom(world: World, at: number, seats: number): { slot: FlightSlot; labels: string[] } | undefined {
  let low = 0;
  let high = world.slots.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((world.slots[mid]?.departs ?? 0) < at) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < Math.min(low + 40, world.slots.length); i++) {
    const slot = world.slots[i];
    if (!slot) break;
    const taken = world.taken.get(slot.id) ?? new Set<string>();
    const free = SEAT_LABELS.filter((label) => !taken.has(label)).slice(0, seats);
    if (free.length === seats) return { slot, labels: free };
  }
  return undefined;
}

function uniqueReference(world: World): string {
  for (;;) {
    const reference = makeReference((n) => Math.floor(world.random() * n));
    if (!world.references.has(reference)) {
      world.references.add(reference);
      return reference;
    }
  }
}

type Fate = { status: 'pending' | 'confirmed' | 'cancelled' | 'completed'; payment: 'pending' | 'successful' | 'failed'; claimed: boolean };

/** What became of a booking made at `made` for a flight leaving at `departs`, seen at `now`. */
function fateOf(random: () => number, made: number, departs: number, now: number): Fate {
  const roll = random();
  if (now - made < DAY_MS && roll < 0.5) return { status: 'pending', payment: 'pending', claimed: roll < 0.4 };
  if (roll > 0.88) return { status: 'cancelled', payment: 'failed', claimed: false };
  return { status: departs < now ? 'completed' : 'confirmed', payment: 'successful', claimed: true };
}

/** One booking with its travellers, seats, payment and audit trail, added to `rows`. */
function addBooking(world: World, rows: Rows): void {
  const { random, now } = world;
  const made = now - random() * 365 * DAY_MS;
  const party = random() < 0.8 ? 1 : random() < 0.75 ? 2 : 3;
  const found = flightWithRoom(world, made + (0.1 + random() * 30) * DAY_MS, party);
  if (!found) return;
  const { slot, labels } = found;
  const person = pick(random, world.people);
  const fate = fateOf(random, made, slot.departs, now);
  const bookingId = randomUUID();
  const reference = uniqueReference(world);
  const decided = made + (1 + random() * 20) * HOUR_MS;
  const stamp = iso(fate.status === 'pending' ? made : decided);
  const method = random() < 0.8 ? 'bank_transfer' : random() < 0.6 ? 'crypto' : 'cashApp';
  const reason = fate.status === 'cancelled' ? 'payment deadline passed' : null;
  rows.bookings.push({
    id: bookingId,
    reference,
    userId: person.id,
    flightId: slot.id,
    travelClass: 'Economy',
    status: fate.status,
    email: person.email,
    phone: '+44 7700 900123',
    totalCents: slot.priceCents * party,
    cancelReason: reason,
    checkedInAt: fate.status === 'completed' && random() < 0.6 ? iso(slot.departs - 20 * HOUR_MS) : null,
    createdAt: iso(made),
    updatedAt: stamp,
    version: world.version,
  });
  const active = fate.status !== 'cancelled';
  if (active) {
    const taken = world.taken.get(slot.id) ?? new Set<string>();
    for (const label of labels) taken.add(label);
    world.taken.set(slot.id, taken);
  }
  for (const [position, seat] of labels.entries()) {
    const travellerId = randomUUID();
    rows.travellers.push({
      id: travellerId,
      bookingId,
      position: position + 1,
      title: pick(random, TITLES),
      firstName: pick(random, FIRST_NAMES),
      lastName: pick(random, LAST_NAMES),
      dob: '1988-06-15',
      nationality: 'Nigeria',
      passportNumber: `A${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      passportCountry: 'Nigeria',
      passportExpiry: '2032-01-31',
    });
    rows.seats.push({
      id: randomUUID(),
      flightId: slot.id,
      seatLabel: seat,
      bookingId,
      travellerId,
      state: !active ? 'released' : fate.status === 'pending' ? 'held' : 'sold',
      holdExpiresAt: fate.status === 'pending' ? iso(made + DAY_MS) : null,
      createdAt: iso(made),
    });
  }
  const paymentId = randomUUID();
  // Receipts as a bank transfer's payer uploads them: every claim of the last 30 days, one in 20 before.
  const receipt = fate.claimed && method === 'bank_transfer' && (now - made < 30 * DAY_MS || random() < 0.05);
  const receiptImageId = receipt ? randomUUID() : null;
  if (receiptImageId) rows.receipts.push({ id: receiptImageId, ownerId: person.id, createdAt: iso(made + HOUR_MS) });
  const transactionId = `TX${randomBytes(6).toString('hex').toUpperCase()}`;
  rows.payments.push({
    id: paymentId,
    transactionId,
    accessKey: randomBytes(16).toString('hex'),
    bookingId,
    userId: person.id,
    amountCents: slot.priceCents * party,
    method,
    status: fate.payment,
    reason,
    receiptImageId,
    awaitingReviewAt: fate.claimed ? iso(made + HOUR_MS) : null,
    deadlineAt: iso(made + DAY_MS),
    decidedBy: fate.payment === 'successful' ? world.admin.id : null,
    decidedAt: fate.payment === 'pending' ? null : stamp,
    createdAt: iso(made),
    updatedAt: stamp,
    version: world.version,
  });
  const bookingLabel = bookingLabelOf(reference, person.name);
  const paymentLabel = paymentLabelOf(reference, transactionId, person.name);
  const audit = (action: (typeof auditLog.$inferInsert)['action'], entity: 'booking' | 'payment', from: string, to: string, byAdmin: boolean) =>
    rows.audit.push({
      action,
      actorId: byAdmin ? world.admin.id : null,
      actorName: byAdmin ? world.admin.name : null,
      entity,
      entityId: entity === 'booking' ? bookingId : paymentId,
      label: entity === 'booking' ? bookingLabel : paymentLabel,
      fromStatus: from,
      toStatus: to,
      reason,
      createdAt: stamp,
    });
  if (fate.payment === 'successful') {
    audit('payment.approved', 'payment', 'pending', 'successful', true);
    audit('booking.confirmed', 'booking', 'pending', 'confirmed', true);
  }
  if (fate.status === 'cancelled') {
    audit('booking.cancelled', 'booking', 'pending', 'cancelled', false);
    audit('payment.failed', 'payment', 'pending', 'failed', false);
  }
}

async function writeBatch(db: Db, rows: Rows, receipts: ReceiptStore): Promise<void> {
  await receipts.before(rows.receipts);
  await immediate(db, async (tx) => {
    await insertReceipts(tx, receipts, rows.receipts);
    await insertMany(tx, bookings, rows.bookings);
    await insertMany(tx, travellers, rows.travellers);
    await insertMany(tx, seatAllocations, rows.seats);
    await insertMany(tx, payments, rows.payments);
    await insertMany(tx, auditLog, rows.audit);
  });
}

async function addTravellers(db: Db, count: number, passwordHash: string, now: Date, version: number, random: () => number): Promise<World['people']> {
  const tag = randomBytes(3).toString('hex');
  const people = Array.from({ length: count }, (_, i) => {
    const name = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    return { id: randomUUID(), name, email: `traveller${i + 1}.${tag}@volume.skyway.test` };
  });
  const stamp = now.toISOString();
  const rows = people.map((p) => ({
    id: p.id,
    fullName: p.name,
    email: p.email,
    passwordHash,
    emailVerifiedAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
    version,
  }));
  await immediate(db, (tx) => insertMany(tx, users, rows));
  return people;
}

/** The seats held or sold on flights from `since` on, so the history never sells one twice. */
async function takenSeats(db: Db, slots: FlightSlot[]): Promise<Map<string, Set<string>>> {
  const taken = new Map<string, Set<string>>();
  const rows = await db
    .select({ flightId: seatAllocations.flightId, seat: seatAllocations.seatLabel })
    .from(seatAllocations)
    .where(inArray(seatAllocations.state, ['held', 'sold']));
  const known = new Set(slots.map((s) => s.id));
  for (const row of rows) if (known.has(row.flightId)) taken.set(row.flightId, (taken.get(row.flightId) ?? new Set()).add(row.seat));
  return taken;
}

/**
 * A year of an airline's history through the app's own tables: travellers (one per 40 bookings), a
 * year of departed flights, bookings in every status with travellers, seats, payments (claimed with and
 * without receipts, approved, failed, awaiting review), the audit rows of each decision, and support
 * conversations. Written in batches of 5,000 bookings, each in one transaction.
 */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<VolumeReport> {
  const random = seededRandom(options.seed ?? 2026);
  const version = await immediate(db, (tx) => nextVersion(tx));
  const admin = (await db.select({ id: users.id, name: users.fullName }).from(users).where(eq(users.role, 'admin')).limit(1))[0];
  if (!admin) throw new Error('No admin: start the app once first');
  const flightsAdded = await addFlightHistory(db, options.now, 366, version);
  const slots = await flightSlots(db, new Date(options.now.getTime() - 366 * DAY_MS));
  const people = await addTravellers(db, Math.max(10, Math.ceil(options.bookings / 40)), options.passwordHash, options.now, version, random);
  const existing = await db.select({ reference: bookings.reference }).from(bookings);
  const world: World = {
    random,
    now: options.now.getTime(),
    admin,
    people,
    slots,
    taken: await takenSeats(db, slots),
    references: new Set(existing.map((row) => row.reference)),
    version,
  };
  const report: VolumeReport = {
    travellers: people.length,
    flights: flightsAdded,
    bookings: 0,
    payments: 0,
    receipts: 0,
    conversations: 0,
    messages: 0,
    auditRows: 0,
  };
  while (report.bookings < options.bookings) {
    const rows: Rows = { bookings: [], travellers: [], seats: [], payments: [], audit: [], receipts: [] };
    const want = Math.min(BATCH, options.bookings - report.bookings);
    for (let tries = 0; rows.bookings.length < want && tries < want * 3; tries++) addBooking(world, rows);
    if (rows.bookings.length === 0) throw new Error(`The schedule is full after ${report.bookings} bookings`);
    await writeBatch(db, rows, options.receipts);
    report.bookings += rows.bookings.length;
    report.payments += rows.payments.length;
    report.auditRows += rows.audit.length;
    report.receipts += rows.receipts.length;
  }
  const chat = await addConversations(db, { people, admin, now: world.now, count: Math.ceil(options.bookings / 50), version, random });
  return { ...report, conversations: chat.conversations, messages: chat.messages };
}
