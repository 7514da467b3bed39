import { Link } from 'react-router-dom';
import { AWAITING_REVIEW_PATH, bookingsOnPath } from '../../../../../sync/schemas/admin-lists';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ServerReadNote, useReadState } from '../../../components/ui/server-read';
import { formatPrice } from '../../../lib/format';
import { BarChart } from './bar-chart';
import { ServerState } from './server-state';
import { useOverview } from './use-overview';
import './overview.css';

const count = (n: number) => String(Math.round(n));

/**
 * Today's figures and the last 30 days of bookings, revenue and refunds. The counts that have a list
 * link to it, filtered (product rules §4.9); offline the last figures stay, saying from when.
 */
export function OverviewPanel() {
  const overview = useOverview();
  const read = useReadState(overview);
  if (read === 'loading') return <PageSpinner label="Loading the overview…" />;
  if (!overview.data) return <ServerReadNote read={overview} what="figures" />;
  const { today, days, timeZone, server } = overview.data;
  const figures = [
    { label: 'Bookings today', value: count(today.bookings), list: bookingsOnPath(today.date) },
    { label: 'Revenue today', value: formatPrice(today.revenue) },
    { label: 'Refunds today', value: formatPrice(today.refunds) },
    { label: 'Payments to review', value: count(today.pendingReviews), list: AWAITING_REVIEW_PATH },
    { label: 'Seats sold today', value: count(today.seatsSold) },
  ];
  return (
    <>
      <ServerReadNote read={overview} what="figures" />
      <ServerState health={server} />
      <dl className="figures">
        {figures.map((figure) => (
          <div key={figure.label} className={figure.list ? 'card figure figure-link' : 'card figure'}>
            <dt>{figure.list ? <Link to={figure.list}>{figure.label}</Link> : figure.label}</dt>
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
