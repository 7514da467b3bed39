import { computeFare } from '../../../../sync/fare';
import { dollarsToCents, formatMoney } from '../../../../sync/money';

export type FareView = {
  baseFare: string;
  travellers: number;
  legs: number;
  discount: string;
  otherServices: string;
  total: string;
  totalCents: number;
};

/** '$0' for nothing, as the spec's fare summary shows it; real amounts with cents. */
function amount(cents: number): string {
  return cents === 0 ? '$0' : formatMoney(cents);
}

/** The fare summary: the class fare per traveller summed over the legs, times the travellers (sync/fare.ts). */
export function fareView(legPrices: readonly number[], travellers: number, ratio: number): FareView {
  const fare = computeFare(
    legPrices.map((price) => ({ priceCents: dollarsToCents(price) })),
    travellers,
    ratio,
  );
  return {
    baseFare: formatMoney(fare.baseFareCents),
    travellers: fare.travellers,
    legs: fare.legs,
    discount: `+ ${amount(fare.discountCents)}`,
    otherServices: amount(fare.otherServicesCents),
    total: formatMoney(fare.totalCents),
    totalCents: fare.totalCents,
  };
}
