import { StepIcon, type StepIconName } from './step-icon';

const steps = (destinations: number | undefined): { icon: StepIconName; title: string; text: string }[] => [
  {
    icon: 'search',
    title: 'Search Choice',
    text: destinations ? `Total ${destinations} destinations that we work with` : 'Every destination that we work with',
  },
  { icon: 'pin', title: 'Select Destination', text: 'Pick your city, your dates and the seats you like' },
  { icon: 'ticket', title: 'Easy to Book', text: 'With an easy and fast ticket purchase process' },
];

/** `destinations`: how many airports the network has, once known. */
export function HowItWorks({ destinations }: { destinations: number | undefined }) {
  return (
    <section className="home-section" aria-labelledby="how-it-works">
      <div className="section-heading">
        <h2 id="how-it-works">Book in three steps</h2>
        <p>From idea to boarding pass in a few minutes.</p>
      </div>
      <ol className="steps">
        {steps(destinations).map((step, index) => (
          <li key={step.title} className="step">
            <span className="step-icon">
              <StepIcon name={step.icon} />
            </span>
            <h3 className="step-title">
              <span className="visually-hidden">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
