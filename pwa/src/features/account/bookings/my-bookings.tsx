import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BookingStatus } from '../../../../../sync/constants';
import type { Booking } from '../../../../../sync/schemas/booking';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useMyBookings, useOutbox } from '../../../local/hooks';
import { BookingDetails } from '../../../components/booking/booking-details';
import { CancelBookingDialog } from '../../../components/booking/cancel-booking-dialog';
import { cancelsByBooking } from '../../../local/outbox-rows';
import { Tabs, type Tab } from '../../../components/ui/tabs';
import { BookingCard } from './booking-card';

const TABS: readonly Tab<BookingStatus>[] = [
  { key: 'pending', label: 'Pending Booking' },
  { key: 'confirmed', label: 'Upcoming Booking' },
  { key: 'cancelled', label: 'Canceled Booking' },
  { key: 'completed', label: 'Completed Booking' },
];

const isTab = (value: string | null): value is BookingStatus => TABS.some((tab) => tab.key === value);

type Dialog = { kind: 'details' | 'cancel'; booking: Booking } | null;

/** The signed-in user's own bookings by status, read from the device so they show offline. */
export function MyBookings({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: BookingStatus = isTab(tabParam) ? tabParam : 'pending';
  const all = useMyBookings();
  const queued = cancelsByBooking(useOutbox());
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = Date.now();

  if (!all) return <PageSpinner label="Loading your bookings…" />;
  // Admins sync every booking; this page is about the user's own.
  const shown = all.filter((b) => b.userId._id === userId && b.status === tab);
  const current = dialog ? (all.find((b) => b._id === dialog.booking._id) ?? dialog.booking) : null;

  return (
    <>
      <Tabs label="Bookings by status" tabs={TABS} active={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {shown.length === 0 ? (
          <p className="table-empty">No {tab} bookings available</p>
        ) : (
          <div className="booking-cards">
            {shown.map((booking) => (
              <BookingCard
                key={booking._id}
                booking={booking}
                now={now}
                queued={queued.get(booking._id)}
                onManage={() => setDialog({ kind: 'details', booking })}
                onCancel={() => setDialog({ kind: 'cancel', booking })}
              />
            ))}
          </div>
        )}
      </Tabs>
      {dialog?.kind === 'details' && current ? <BookingDetails booking={current} audience="traveller" onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' && current ? <CancelBookingDialog booking={current} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
