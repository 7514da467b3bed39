import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { messageOf } from '../../lib/api-error';
import { trackBooking } from './track-booking';
import { TrackingResult } from './tracking-result';
import '../../styles/booking.css';
import './tracking.css';

/** 'Booking Reference' and 'Email', 'Search Booking', then the booking found. */
export function TrackingForm() {
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const toast = useToast();
  // NOTE: 'always': offline, trackBooking answers from the device instead of waiting for the network.
  const track = useMutation({ mutationFn: trackBooking, networkMode: 'always', onError: (error) => toast.error(messageOf(error)) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    track.mutate({ bookingId: reference, email });
  };

  return (
    <>
      <form className="tracking-form" aria-label="Track a booking" noValidate onSubmit={onSubmit}>
        <TextField label="Booking Reference" autoCapitalize="characters" value={reference} onChange={(e) => setReference(e.target.value)} />
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="button" disabled={track.isPending}>
          {track.isPending ? 'Searching...' : 'Search Booking'}
        </button>
      </form>
      {track.data && <TrackingResult booking={track.data.booking} fromDevice={track.data.fromDevice} />}
    </>
  );
}
