import { useParams } from 'react-router-dom';

export function ArticlePage() {
  const { id } = useParams();
  return (
    <section className="page">
      <h1>Help article</h1>
      <p>Article {id} will appear here.</p>
    </section>
  );
}
