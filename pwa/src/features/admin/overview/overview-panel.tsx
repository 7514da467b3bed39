import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOf } from '../../../lib/api-error';
import { formatPrice } from '../../../lib/format';
import { BarChart } from './bar-chart';
import { ServerState } from './server-state';
import { useOverview } from './use-overview';
import './overview.css';

const count = (n: number) => String(Math.round(n));

/** Today's figures and the last 30 days of bookings, revenue and refunds. */
export function OverviewPanel() {
  const overview = useOverview();
  if (overview.isPending) return <PageSpinner label="Loading the overview…" />;
  if (overview.isError) return <p className="form-error">{messageOf(overview.error)}</p>;
  const { today, days, timeZone, server } = overview.data;
  const figures = [
    { label: 'Bookings today', value: count(today.bookings) },
    { label: 'Revenue today', value: formatPrice(today.revenue) },
    { label: 'Refunds today', value: formatPrice(today.refunds) },
    { label: 'Payments to review', value: count(today.pendingReviews) },
    { label: 'Seats sold today', value: count(today.seatsSold) },
  ];
  return (
    <>
      <ServerState health={server} />
      <dl className="figures">
        {figures.map((figure) => (
          <div key={figure.label} className="card figure">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Days run midnight to midnight in {timeZone}. Revenue counts payments confirmed that day, less what has been refunded of them; refunds count on the day
        they were paid back.
      </p>
      <BarChart title="Bookings per day, last 30 days" days={days} value={(d) => d.bookings} format={count} />
      <BarChart title="Revenue per day, last 30 days" days={days} value={(d) => d.revenue} format={formatPrice} />
      <BarChart title="Refunds per day, last 30 days" days={days} value={(d) => d.refunds} format={formatPrice} />
    </>
  );
}
