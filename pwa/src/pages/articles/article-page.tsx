import { Link, useParams } from 'react-router-dom';
import { findArticle, HELP_ARTICLES } from '../../features/support-chat/help-articles';

export function ArticlePage() {
  const article = findArticle(useParams().id);
  if (!article) {
    return (
      <article className="page prose">
        <h1>Article not found</h1>
        <p>We could not find that help article. These may help:</p>
        <ul>
          {HELP_ARTICLES.map((a) => (
            <li key={a.id}>
              <Link to={`/articles/${a.id}`}>{a.title}</Link>
            </li>
          ))}
        </ul>
      </article>
    );
  }
  return (
    <article className="page prose">
      <h1>{article.title}</h1>
      <p className="prose-lead">{article.summary}</p>
      {article.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p>
        Still have a question? Press the chat button in the corner to send us a message, or <Link to="/contact">contact us</Link>.
      </p>
    </article>
  );
}
