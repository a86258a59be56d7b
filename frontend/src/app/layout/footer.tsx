import { Link } from 'react-router';
import { CONTACT_EMAIL, COPYRIGHT_YEAR } from '@/config/constants';
import { paths } from '@/config/paths';

const SOCIAL = [
  { name: 'GitHub', href: 'https://github.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'X', href: 'https://x.com/' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-logo">Paduka</p>
          <p className="muted">Footwear for every step, delivered across India.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to={paths.aboutDev.getHref()}>About Dev</Link>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>Contact</a>
            </li>
            <li>
              <Link to={paths.policy.getHref()}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.home.getHref()}>Terms</Link>
            </li>
          </ul>
        </nav>
        <ul className="footer-social" aria-label="Social links">
          {SOCIAL.map((s) => (
            <li key={s.name}>
              <a href={s.href} target="_blank" rel="noopener noreferrer">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="container footer-bottom">
        <p>© {COPYRIGHT_YEAR} Paduka. All rights reserved.</p>
      </div>
    </footer>
  );
}
