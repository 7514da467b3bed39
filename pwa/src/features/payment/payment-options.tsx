import { METHODS, type MethodInfo } from './payment-methods';

/** The five payment methods, each with its 'Proceed To Payment' button. */
export function PaymentOptions({ onChoose }: { onChoose: (info: MethodInfo) => void }) {
  return (
    <ul className="pay-options" aria-label="Payment methods">
      {METHODS.map((info) => (
        <li key={info.key} className="pay-option">
          <article aria-labelledby={`pay-${info.key}`}>
            <h2 id={`pay-${info.key}`}>{info.name}</h2>
            <p>{info.description}</p>
            <button type="button" className="button" onClick={() => onChoose(info)}>
              Proceed To Payment
            </button>
          </article>
        </li>
      ))}
    </ul>
  );
}
