import { Link } from 'react-router-dom';
import { HELP_ARTICLES } from './help-articles';

export function WidgetHome({ onMessage, onLeave }: { onMessage: () => void; onLeave: () => void }) {
  return (
    <div className="support-home">
      <p className="support-greeting">Hi there! How can we help?</p>
      <h3 className="support-subtitle">Frequently asked questions</h3>
      <ul className="support-faq">
        {HELP_ARTICLES.map((article) => (
          <li key={article.id}>
            <Link to={`/articles/${article.id}`} onClick={onLeave}>
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="button support-start" onClick={onMessage}>
        Send us a message
      </button>
    </div>
  );
}
