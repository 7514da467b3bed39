import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readDraft } from '../../lib/trip/booking-draft';
import { searchChoice } from '../../lib/trip/search-choice';
import { PaymentScreen } from '../../features/payment/payment-screen';
import { RequireUser } from '../../features/payment/require-user';

function PaymentFromDraft() {
  const navigate = useNavigate();
  const [draft] = useState(readDraft);
  const [choice] = useState(searchChoice);
  useEffect(() => {
    if (!draft) void navigate(-1);
  }, [draft, navigate]);
  return draft ? <PaymentScreen draft={draft} travelClass={choice.travelClass} /> : null;
}

/** /payment: signed-in only; the booking comes from the draft the booking page kept. */
export function PaymentPage() {
  return (
    <RequireUser>
      <PaymentFromDraft />
    </RequireUser>
  );
}
