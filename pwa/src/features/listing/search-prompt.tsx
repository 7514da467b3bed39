export function SearchPrompt({ problem }: { problem: string | null }) {
  return (
    <section className="results">
      <h1>Find your flight</h1>
      {problem ? (
        <p className="results-state results-error">{problem} Change your search above to see flights.</p>
      ) : (
        <p className="results-state">Choose where and when you fly above to see the available flights.</p>
      )}
    </section>
  );
}
