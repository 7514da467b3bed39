// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FareSummary } from './fare-summary';
import { fareView } from '../../lib/trip/fare-view';

afterEach(cleanup);

const row = (label: RegExp | string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement ? within(term.parentElement).getByRole('definition').textContent : null;
};

describe('fare summary', () => {
  it('one way: the price times the travellers', () => {
    expect(fareView([420.5], 1, 1)).toMatchObject({ baseFare: '$420.50', travellers: 1, legs: 1, total: '$420.50', totalCents: 42_050 });
    expect(fareView([420.5], 3, 1)).toMatchObject({ baseFare: '$420.50', total: '$1,261.50', totalCents: 126_150 });
  });

  it('round trip: outbound plus return price, times the travellers, in exact cents', () => {
    expect(fareView([420.5, 380.25], 2, 1)).toMatchObject({ baseFare: '$800.75', legs: 2, total: '$1,601.50', totalCents: 160_150 });
    // 0.1 + 0.2 in dollars would drift; cents do not.
    expect(fareView([0.1, 0.2], 5, 1).totalCents).toBe(150);
  });

  it("shows Discount '+ $0', Other Services $0 and the Total Fare", () => {
    render(<FareSummary fare={fareView([250, 199.99], 2, 1)} />);
    expect(screen.getByRole('heading', { name: 'Fare Summary' })).toBeTruthy();
    expect(row(/^Base Fare/)).toBe('$449.99');
    expect(row('Travellers')).toBe('x 2');
    expect(row('Discount')).toBe('+ $0');
    expect(row('Other Services')).toBe('$0');
    expect(row('Total Fare')).toBe('$899.98');
  });
});
