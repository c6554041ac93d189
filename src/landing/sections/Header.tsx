import { useEffect, useRef, useState } from 'react';
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
 * The fixed header. Wide screens show the six anchors; narrow ones (below 1024 px, CSS) a menu button that opens
 * a panel (350 ms collapse). The panel's links go to the site origin plus the anchor, and every choice in it,
 * Apply Now included, closes it.
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="#hero">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <span className="brand-name">The Employment Bootcamp</span>
        </a>
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
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((was) => !was)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span className="menu-toggle-label">Menu</span>
        </button>
      </div>
      <div id="mobile-menu" className="mobile-menu" data-open={open} inert={!open}>
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
    </header>
  );
}
