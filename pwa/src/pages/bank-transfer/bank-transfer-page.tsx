import { useParams } from 'react-router-dom';

export function BankTransferPage() {
  const { paymentId } = useParams();
  return (
    <section className="page">
      <h1>Bank transfer</h1>
      <p>Transfer details and receipt upload for payment {paymentId}.</p>
    </section>
  );
}
