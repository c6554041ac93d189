import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<a href="/apply">Apply Now</a>);
