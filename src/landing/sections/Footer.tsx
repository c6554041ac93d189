import { contact, footerLinks, socialLinks } from '../../content/programme';
import { socialIcon } from '../components/Icons';

/** The footer; `email` is the configured contact address (the server writes it into the page). */
export function Footer({ email }: { email: string }) {
  return (
    <footer id="footer" className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">The Employment Bootcamp</p>
          <p>
            <a href={`mailto:${email}`}>{email}</a>
            <br />
            <a href={`tel:${contact.phoneHref}`}>{contact.phone}</a>
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <a href={footerLinks.shop}>Shop</a>
            </li>
            <li>
              <a href={footerLinks.privacy}>Privacy Policy</a>
            </li>
            <li>
              <a href={footerLinks.terms}>Terms of Service</a>
            </li>
            <li>
              <a href={footerLinks.founder.url}>{footerLinks.founder.label}</a>
            </li>
          </ul>
        </nav>
        <ul className="social footer-social">
          {socialLinks.map((link) => (
            <li key={link.network}>
              <a href={link.url} rel="noopener" aria-label={`The Employment Bootcamp on ${link.network}`}>
                {socialIcon(link.network)}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="container copyright">© 2024 The Employment Bootcamp. All rights reserved.</p>
    </footer>
  );
}
