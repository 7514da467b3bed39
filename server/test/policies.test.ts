import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { MUTATION_NAMES } from '../../sync/protocol';
import { bookings } from '../db/schema';
import { AppError } from '../errors';
import {
  ADMIN_CANNOT_START,
  ALLOW,
  authorize,
  authorizeMutation,
  decide,
  imageReadPermission,
  may,
  MUTATION_PERMISSIONS,
  RULES,
  standing,
  STANDINGS,
  uploadPermission,
  visibleRows,
  type Actor,
  type Permission,
} from '../policies';

const traveller = { id: 'traveller', role: 'user' } as const;
const stranger = { id: 'stranger', role: 'user' } as const;
const guest = { id: 'guest', role: 'guest' } as const;
const admin = { id: 'admin', role: 'admin' } as const;
const PERMISSIONS = Object.keys(RULES) as Permission[];

/** The error `authorize` throws, or undefined when it lets the caller through. */
function thrown(permission: Permission, actor: Actor, object?: { name: string; ownerId: string }): AppError | undefined {
  try {
    authorize(permission, actor, object);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('policies', () => {
  it('names the standing from the caller and the owner: the owner first, whatever the role', () => {
    expect(standing(undefined)).toBe('anonymous');
    expect(standing(null, 'traveller')).toBe('anonymous');
    expect(standing(traveller, 'traveller')).toBe('owner');
    expect(standing(admin, 'admin')).toBe('owner');
    expect(standing(guest, 'guest')).toBe('owner');
    expect(standing(admin, 'traveller')).toBe('admin');
    expect(standing(guest, 'traveller')).toBe('guest');
    expect(standing(stranger, 'traveller')).toBe('other');
    expect(standing(traveller)).toBe('other');
    expect(standing(traveller, null)).toBe('other');
  });

  it('gives every rule one outcome per standing; only public rules let anonymous callers in', () => {
    for (const permission of PERMISSIONS) {
      expect(RULES[permission]).toHaveLength(STANDINGS.length);
      if (decide(permission, undefined) === ALLOW) expect(permission).toBe('public');
    }
  });

  it("hides someone else's booking or payment behind a 404, shows it to its owner and admins, and keeps guests out", () => {
    for (const permission of ['booking.read', 'booking.cancel', 'payment.read', 'payment.claim'] as const) {
      expect(decide(permission, stranger, 'traveller')).toBe(404);
      expect(decide(permission, traveller, 'traveller')).toBe(ALLOW);
      expect(decide(permission, admin, 'traveller')).toBe(ALLOW);
      expect(decide(permission, guest, 'traveller')).toBe(401);
      expect(decide(permission, undefined, 'traveller')).toBe(401);
    }
    expect(thrown('booking.cancel', stranger, { name: 'Booking', ownerId: 'traveller' })).toMatchObject({ status: 404, message: 'Booking not found' });
    expect(thrown('payment.read', undefined, { name: 'Payment', ownerId: 'traveller' })).toMatchObject({ status: 401, message: 'Please sign in to continue' });
  });

  it("lets only the owner check in: an admin is told the booking is not found, unless it is the admin's own", () => {
    expect(decide('booking.checkIn', traveller, 'traveller')).toBe(ALLOW);
    expect(decide('booking.checkIn', admin, 'traveller')).toBe(404);
    expect(decide('booking.checkIn', admin, 'admin')).toBe(ALLOW);
  });

  it('keeps admin-only work to admins: travellers are refused with 403, guests and anonymous callers asked to sign in', () => {
    for (const permission of [
      'backOffice',
      'catalogue.edit',
      'settings.edit',
      'payment.review',
      'booking.markRefundPaid',
      'booking.createForCustomer',
      'conversation.setStatus',
    ] as const) {
      expect(decide(permission, admin)).toBe(ALLOW);
      expect(decide(permission, traveller)).toBe(403);
      expect(decide(permission, guest)).toBe(401);
      expect(decide(permission, undefined)).toBe(401);
      expect(thrown(permission, traveller)).toMatchObject({ status: 403, message: 'You are not allowed to do this' });
    }
  });

  it('lets guests use only their own conversation; admins answer every conversation but start none', () => {
    for (const permission of ['conversation.read', 'message.send', 'conversation.markRead'] as const) {
      expect(decide(permission, guest, 'guest')).toBe(ALLOW);
      expect(decide(permission, guest, 'traveller')).toBe(404);
      expect(decide(permission, stranger, 'traveller')).toBe(404);
      expect(decide(permission, admin, 'guest')).toBe(ALLOW);
    }
    expect(may('conversation.start', guest)).toBe(true);
    expect(may('conversation.start', traveller)).toBe(true);
    expect(thrown('conversation.start', admin)).toMatchObject({ status: 403, message: ADMIN_CANNOT_START });
    expect(thrown('conversation.start', undefined)).toMatchObject({ status: 401 });
  });

  it('lets guests upload chat images into a conversation only; marketing images are for admins', () => {
    const onlyChat = 'Guests may only send images in their own chat';
    expect(may(uploadPermission('chat', true), guest)).toBe(true);
    expect(thrown(uploadPermission('chat', false), guest)).toMatchObject({ status: 403, message: onlyChat });
    expect(thrown(uploadPermission('receipt', true), guest)).toMatchObject({ status: 403, message: onlyChat });
    expect(thrown(uploadPermission('avatar', false), guest)).toMatchObject({ status: 403, message: onlyChat });
    for (const actor of [guest, traveller])
      expect(thrown(uploadPermission('marketing', false), actor)).toMatchObject({ status: 403, message: 'Only admins upload marketing images' });
    expect(may(uploadPermission('marketing', false), admin)).toBe(true);
    for (const kind of ['receipt', 'chat', 'avatar'] as const) expect(may(uploadPermission(kind, false), traveller)).toBe(true);
    expect(thrown(uploadPermission('receipt', false), undefined)).toMatchObject({ status: 401 });
  });

  it('serves marketing images to anyone and other images to their owner and admins; anonymous callers sign in first', () => {
    expect(may(imageReadPermission('marketing'), undefined, 'admin')).toBe(true);
    for (const kind of ['receipt', 'chat', 'avatar'] as const) {
      const permission = imageReadPermission(kind);
      expect(decide(permission, undefined, 'traveller')).toBe(401);
      expect(decide(permission, stranger, 'traveller')).toBe(404);
      expect(decide(permission, guest, 'traveller')).toBe(404);
      expect(decide(permission, guest, 'guest')).toBe(ALLOW);
      expect(decide(permission, admin, 'traveller')).toBe(ALLOW);
    }
  });

  it('lets admins find accounts and change their roles; an account is disabled by another admin, never by itself', () => {
    for (const permission of ['user.manage', 'user.setRole'] as const) {
      expect([undefined, guest, traveller, admin].map((actor) => decide(permission, actor))).toEqual([401, 401, 403, ALLOW]);
    }
    expect(decide('user.setStatus', admin, 'traveller')).toBe(ALLOW);
    expect(thrown('user.setStatus', admin, { name: 'User', ownerId: 'admin' })).toMatchObject({
      status: 403,
      message: 'You cannot disable or enable your own account: another admin can',
    });
    expect(decide('user.setStatus', traveller, 'traveller')).toBe(403);
    expect(decide('user.setStatus', stranger, 'traveller')).toBe(403);
    expect(decide('user.setStatus', guest, 'traveller')).toBe(401);
  });

  it('shows the admin view of the settings, the admin room and rate-limit exemption to admins only', () => {
    for (const permission of ['settings.readPrivate', 'realtime.adminRoom', 'limits.exempt'] as const) {
      expect([undefined, guest, traveller, admin].map((actor) => may(permission, actor))).toEqual([false, false, false, true]);
    }
  });

  it("gives a payment link's hash to the payer alone and a sync client to the user who made it", () => {
    expect([traveller, stranger, admin, guest].map((actor) => may('payment.link', actor, 'traveller'))).toEqual([true, false, false, false]);
    expect(thrown('sync.client', admin, { name: 'Sync client', ownerId: 'traveller' })).toMatchObject({ status: 403 });
    expect(may('sync.client', traveller, 'traveller')).toBe(true);
  });

  it('keeps guests to the chat tables when syncing', () => {
    expect(may('sync.use', guest)).toBe(true);
    expect(may('sync.accountTables', guest)).toBe(false);
    expect(may('sync.accountTables', traveller)).toBe(true);
  });

  it('turns a read permission into a row filter: every row for admins, own rows for others, none for nobody', () => {
    const dialect = new SQLiteSyncDialect();
    const filter = (actor: Actor) => {
      const where = visibleRows('booking.read', actor, bookings.userId);
      return where && dialect.sqlToQuery(where);
    };
    expect(filter(admin)).toBeUndefined();
    expect(filter(traveller)).toMatchObject({ sql: '"bookings"."user_id" = ?', params: ['traveller'] });
    expect(filter(undefined)).toMatchObject({ sql: 'false', params: [] });
  });

  it('names a permission for every sync mutation and refuses a pushed one no object could allow with 403, never 401', () => {
    expect(Object.keys(MUTATION_PERMISSIONS).sort()).toEqual([...MUTATION_NAMES].sort());
    const refused = (actor: Actor) =>
      MUTATION_NAMES.filter((name) => {
        try {
          authorizeMutation(actor, name);
          return false;
        } catch (error) {
          expect(error).toMatchObject({ status: 403, message: 'You are not allowed to do this' });
          return true;
        }
      });
    expect(refused(guest).sort()).toEqual(MUTATION_NAMES.filter((name) => !['sendMessage', 'markConversationRead'].includes(name)).sort());
    expect(refused(traveller)).toEqual(['reviewPayment']);
    expect(refused(admin)).toEqual([]);
  });
});
