import { useEffect, useRef } from 'react';
import { Brand } from '../../components/Brand';
import { ApplyLink } from '../components/ApplyLink';
import { CloseIcon, MenuIcon } from '../components/Icons';

export const navLinks = [
  { label: 'About', anchor: '#about' },
  { label: 'Curriculum', anchor: '#curriculum' },
  { label: 'Why Apply', anchor: '#services' },
  { label: 'Faculty', anchor: '#faculty' },
  { label: 'Testimonials', anchor: '#testimonial' },
  { label: 'FAQ', anchor: '#faq' },
] as const;

/**
 * The fixed header. Wide screens show the six anchors; narrow ones (below 1024 px, CSS) a Menu that opens a panel.
 * The Menu is a `<details>`: it opens and closes by the browser alone, so a tap before the page's script has run
 * is not lost (decision 085). Once the script runs, the panel's links and Apply Now close it, and so does Escape,
 * giving the focus back to Menu. The panel's links go to the site origin plus the anchor.
 */
export function Header() {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menuRef.current?.open) return;
      menuRef.current.open = false;
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    if (menuRef.current) menuRef.current.open = false;
  };

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Brand href="#hero" />
        <nav className="nav-desktop" aria-label="Sections">
          <ul>
            {navLinks.map((link) => (
              <li key={link.anchor}>
                <a href={link.anchor}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <ApplyLink className="btn btn-primary header-apply" />
        <details ref={menuRef} className="menu">
          <summary ref={toggleRef} className="menu-toggle">
            <span className="menu-icon-open">
              <MenuIcon />
            </span>
            <span className="menu-icon-close">
              <CloseIcon />
            </span>
            <span className="menu-toggle-label">Menu</span>
          </summary>
          <div id="mobile-menu" className="mobile-menu">
            <div className="mobile-menu-inner">
              <nav aria-label="Sections menu">
                <ul>
                  {navLinks.map((link) => (
                    <li key={link.anchor}>
                      <a href={`/${link.anchor}`} onClick={close}>
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <ApplyLink className="btn btn-primary mobile-apply" onClick={close} />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
